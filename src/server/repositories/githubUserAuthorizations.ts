import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/types';
import { githubUserAuthorizations, type GithubUserAuthorizationRow } from '../db/schema';

export async function findGithubUserAuthorization(
  db: Db,
  userId: string,
): Promise<GithubUserAuthorizationRow | undefined> {
  const [row] = await db
    .select()
    .from(githubUserAuthorizations)
    .where(eq(githubUserAuthorizations.userId, userId))
    .limit(1);
  return row;
}

/**
 * Claims the right to refresh the user's tokens until `until`, in one statement (no transaction is
 * held while GitHub is asked); answers the row when this caller holds the claim.
 */
export async function claimTokenRefresh(
  db: Db,
  userId: string,
  now: Date,
  until: Date,
): Promise<GithubUserAuthorizationRow | undefined> {
  const [row] = await db
    .update(githubUserAuthorizations)
    .set({ refreshClaimedUntil: until })
    .where(
      and(
        eq(githubUserAuthorizations.userId, userId),
        or(isNull(githubUserAuthorizations.refreshClaimedUntil), lt(githubUserAuthorizations.refreshClaimedUntil, now)),
      ),
    )
    .returning();
  return row;
}

/** Lets go of a refresh claim that did not end in new tokens. */
export async function releaseTokenRefresh(db: Db, userId: string): Promise<void> {
  await db
    .update(githubUserAuthorizations)
    .set({ refreshClaimedUntil: null })
    .where(eq(githubUserAuthorizations.userId, userId));
}

/** Stores (or replaces) a user's authorization; the tokens arrive already sealed. */
export async function saveGithubUserAuthorization(
  db: Db,
  row: Omit<GithubUserAuthorizationRow, 'createdAt' | 'updatedAt' | 'refreshClaimedUntil'>,
  now: Date,
): Promise<void> {
  const { userId: _key, ...values } = row;
  await db
    .insert(githubUserAuthorizations)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: githubUserAuthorizations.userId,
      set: { ...values, refreshClaimedUntil: null, updatedAt: now },
    });
}

export async function deleteGithubUserAuthorization(db: Db, userId: string): Promise<void> {
  await db.delete(githubUserAuthorizations).where(eq(githubUserAuthorizations.userId, userId));
}

/** GitHub says this GitHub user revoked the app: every Baton user authorized as them forgets it. */
export async function deleteGithubUserAuthorizationsOf(db: Db, githubUserId: number): Promise<number> {
  const deleted = await db
    .delete(githubUserAuthorizations)
    .where(eq(githubUserAuthorizations.githubUserId, githubUserId))
    .returning({ userId: githubUserAuthorizations.userId });
  return deleted.length;
}
