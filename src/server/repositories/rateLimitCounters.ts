/** The shared rate-limit counters (plugins/rateLimitStore.ts), one row per key and fixed window. */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { rateLimitCounters } from '../db/schema';

/**
 * Reserves `hits` hits in the caller's fixed window and answers the count so far (those included) and
 * the time left, in one atomic statement: a row whose window has ended starts a new one. Concurrent
 * reservations on one key queue on its row lock, so no hit is lost whichever instance takes it.
 */
export async function countHits(db: Db, key: string, hits: number, windowMs: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits, resetsAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${rateLimitCounters.resetsAt} <= ${at} then excluded.hits else ${rateLimitCounters.hits} + excluded.hits end`,
        resetsAt: sql`case when ${rateLimitCounters.resetsAt} <= ${at} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, resetsAt: rateLimitCounters.resetsAt });
  return { hits: row!.hits, resetsAt: row!.resetsAt.getTime() };
}

export async function sweepExpiredCounters(db: Db, now: Date) {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetsAt, now));
}
