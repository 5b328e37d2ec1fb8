import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { oauthModels, type OAuthModelRow } from '../db/schema';

type ModelKey = { kind: string; id: string };

export async function upsertOAuthModel(db: Db, row: typeof oauthModels.$inferInsert): Promise<void> {
  const { kind: _kind, id: _id, ...changes } = row;
  await db
    .insert(oauthModels)
    .values(row)
    .onConflictDoUpdate({ target: [oauthModels.kind, oauthModels.id], set: changes });
}

/** Inserts the row unless one with its key exists, then answers the stored one (the first writer wins). */
export async function insertOAuthModelOnce(db: Db, row: typeof oauthModels.$inferInsert): Promise<OAuthModelRow> {
  await db.insert(oauthModels).values(row).onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(oauthModels)
    .where(and(eq(oauthModels.kind, row.kind), eq(oauthModels.id, row.id)));
  return stored!;
}

const live = (now: Date) => or(isNull(oauthModels.expiresAt), gt(oauthModels.expiresAt, now));

export async function findOAuthModel(db: Db, key: ModelKey, now: Date): Promise<OAuthModelRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthModels)
    .where(and(eq(oauthModels.kind, key.kind), eq(oauthModels.id, key.id), live(now)));
  return row;
}

export async function findOAuthModelBy(
  db: Db,
  kind: string,
  column: 'uid' | 'userCode',
  value: string,
  now: Date,
): Promise<OAuthModelRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthModels)
    .where(and(eq(oauthModels.kind, kind), eq(oauthModels[column], value), live(now)))
    .limit(1);
  return row;
}

export async function consumeOAuthModel(db: Db, key: ModelKey, now: Date): Promise<void> {
  await db
    .update(oauthModels)
    .set({ consumedAt: now })
    .where(and(eq(oauthModels.kind, key.kind), eq(oauthModels.id, key.id)));
}

export async function deleteOAuthModel(db: Db, key: ModelKey): Promise<void> {
  await db.delete(oauthModels).where(and(eq(oauthModels.kind, key.kind), eq(oauthModels.id, key.id)));
}

export async function deleteOAuthModelsOfGrant(db: Db, kind: string, grantId: string): Promise<void> {
  await db.delete(oauthModels).where(and(eq(oauthModels.kind, kind), eq(oauthModels.grantId, grantId)));
}

/** Every model of these grants, whatever its kind: revoking a connection ends its tokens at once. */
export async function deleteOAuthGrants(db: Db, grantIds: string[]): Promise<void> {
  for (const grantId of grantIds) {
    await db
      .delete(oauthModels)
      .where(or(eq(oauthModels.grantId, grantId), and(eq(oauthModels.kind, 'Grant'), eq(oauthModels.id, grantId))));
  }
}

/** An account's live grants, newest first. */
export async function listLiveGrants(db: Db, accountId: string, now: Date): Promise<OAuthModelRow[]> {
  return db
    .select()
    .from(oauthModels)
    .where(and(eq(oauthModels.kind, 'Grant'), eq(oauthModels.accountId, accountId), live(now)))
    .orderBy(desc(sql`(${oauthModels.payload}->>'iat')::bigint`));
}

/** When each grant last had an access token issued (its last use by the client), as epoch seconds. */
export async function lastTokenIssuedAt(db: Db, grantIds: string[]): Promise<Map<string, number>> {
  if (grantIds.length === 0) return new Map();
  const rows = await db
    .select({
      grantId: oauthModels.grantId,
      iat: sql<string>`max((${oauthModels.payload}->>'iat')::bigint)`,
    })
    .from(oauthModels)
    .where(and(eq(oauthModels.kind, 'AccessToken'), sql`${oauthModels.grantId} in ${grantIds}`))
    .groupBy(oauthModels.grantId);
  return new Map(rows.map((row) => [row.grantId!, Number(row.iat)]));
}

/** Removes models that expired before `before`; answers how many. */
export async function deleteExpiredOAuthModels(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(oauthModels)
    .where(lt(oauthModels.expiresAt, before))
    .returning({ id: oauthModels.id });
  return removed.length;
}
