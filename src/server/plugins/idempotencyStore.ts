import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/types';
import { idempotencyKeys } from '../db/schema';

/** How long a key is kept: a retry with it within this time replays the first answer. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim with no answer after this long belongs to a call that died with its process (no request
 * runs this long); a retry may take it over rather than meet "in progress" for a day.
 */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

export interface KeyOwner {
  userId: string;
  key: string;
}

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'inProgress' };

/**
 * Claims the key for this request, insert first: exactly one of any number of concurrent calls
 * inserts (or takes over an expired or stale row); the others read what is there.
 */
export async function claimKey(db: Db, owner: KeyOwner, requestHash: string, now: Date): Promise<ClaimOutcome> {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  // A row released between our failed claim and our read (its call failed) is claimed on the next turn.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ ...owner, requestHash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash, responseStatus: null, responseBody: null, createdAt: now },
        setWhere: or(
          lt(idempotencyKeys.createdAt, expiredBefore),
          and(isNull(idempotencyKeys.responseStatus), lt(idempotencyKeys.createdAt, staleBefore)),
        ),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) return { kind: 'claimed' };

    const [existing] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, owner.userId), eq(idempotencyKeys.key, owner.key)));
    if (!existing) continue;
    if (existing.requestHash !== requestHash) return { kind: 'mismatch' };
    if (existing.responseStatus === null) return { kind: 'inProgress' };
    return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody ?? '' };
  }
  return { kind: 'inProgress' };
}

/** Keeps the answer of a claimed call, for its retries to replay. */
export async function storeAnswer(db: Db, owner: KeyOwner, status: number, body: string) {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.userId, owner.userId), eq(idempotencyKeys.key, owner.key)));
}

/** Gives the key back when its call failed in a way worth retrying (5xx, 409, 429). */
export async function releaseKey(db: Db, owner: KeyOwner) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, owner.userId),
        eq(idempotencyKeys.key, owner.key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

export async function sweepExpiredKeys(db: Db, now: Date) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)));
}
