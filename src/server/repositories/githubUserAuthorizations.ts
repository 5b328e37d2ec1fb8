import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { githubUserAuthorizations, type GithubUserAuthorizationRow } from '../db/schema';

export async function findGithubUserAuthorization(
  db: Db,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<GithubUserAuthorizationRow | undefined> {
  const query = db.select().from(githubUserAuthorizations).where(eq(githubUserAuthorizations.userId, userId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Stores (or replaces) a user's authorization; the tokens arrive already sealed. */
export async function saveGithubUserAuthorization(
  db: Db,
  row: Omit<GithubUserAuthorizationRow, 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<void> {
  const { userId: _key, ...values } = row;
  await db
    .insert(githubUserAuthorizations)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: githubUserAuthorizations.userId, set: { ...values, updatedAt: now } });
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
