import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { items, mcpTokens, type McpTokenRow } from '../db/schema';

export async function insertMcpToken(db: Db, row: typeof mcpTokens.$inferInsert): Promise<McpTokenRow> {
  const [stored] = await db.insert(mcpTokens).values(row).returning();
  return stored!;
}

/** The token with this hash, if it is neither revoked nor expired. */
export async function findLiveMcpToken(db: Db, tokenHash: string, now: Date): Promise<McpTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpTokens)
    .where(and(eq(mcpTokens.tokenHash, tokenHash), isNull(mcpTokens.revokedAt), gt(mcpTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** A user's live tokens in a team, newest first, with the key of an item token's item. */
export async function listLiveMcpTokens(db: Db, teamId: string, userId: string, now: Date) {
  return db
    .select({ token: mcpTokens, itemExternalId: items.externalId })
    .from(mcpTokens)
    .leftJoin(items, eq(items.id, mcpTokens.itemId))
    .where(
      and(
        eq(mcpTokens.teamId, teamId),
        eq(mcpTokens.userId, userId),
        isNull(mcpTokens.revokedAt),
        gt(mcpTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(mcpTokens.createdAt), desc(mcpTokens.id));
}

/** Revokes one of the user's tokens in the team; false when there is no such live token. */
export async function revokeMcpToken(db: Db, who: { teamId: string; userId: string; id: string }, now: Date) {
  const revoked = await db
    .update(mcpTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(mcpTokens.id, who.id),
        eq(mcpTokens.teamId, who.teamId),
        eq(mcpTokens.userId, who.userId),
        isNull(mcpTokens.revokedAt),
      ),
    )
    .returning({ id: mcpTokens.id });
  return revoked.length > 0;
}

/** The first key of the item-token lock (the second hashes the user and item); any constant unused elsewhere. */
const ITEM_TOKEN_LOCK = 7_212_028;

/**
 * Serialises making the user's token for this item until the transaction ends, so two at once (a
 * double click) still leave one live token: the second revokes the first.
 */
export async function lockItemTokens(db: Db, who: { userId: string; itemId: string }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ITEM_TOKEN_LOCK}, hashtext(${`${who.userId}:${who.itemId}`}))`);
}

/** Revokes the user's live item tokens for this item (a new one replaces them). */
export async function revokeItemTokens(db: Db, who: { teamId: string; userId: string; itemId: string }, now: Date) {
  await db
    .update(mcpTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(mcpTokens.teamId, who.teamId),
        eq(mcpTokens.userId, who.userId),
        eq(mcpTokens.itemId, who.itemId),
        eq(mcpTokens.kind, 'item'),
        isNull(mcpTokens.revokedAt),
      ),
    );
}

/** Notes a use, at most once a minute per token, so a busy agent does not write on every call. */
export async function touchMcpToken(db: Db, id: string, now: Date): Promise<void> {
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(mcpTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(mcpTokens.id, id), or(isNull(mcpTokens.lastUsedAt), lt(mcpTokens.lastUsedAt, aMinuteAgo))));
}
