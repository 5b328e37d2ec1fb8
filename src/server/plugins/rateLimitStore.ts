import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/types';
import { rateLimitCounters } from '../db/schema';
import type { Clock } from './database';

/** Expired counters are deleted once every this many hits of a process: one cheap indexed delete. */
const SWEEP_EVERY_HITS = 1000;

/**
 * Counts one hit in the caller's fixed window and answers the count so far and the time left, in one
 * atomic statement: a row whose window has ended starts a new one. Concurrent hits on one key queue
 * on its row lock, so no hit is lost whichever instance takes it.
 */
export async function countHit(db: Db, key: string, windowMs: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetsAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${rateLimitCounters.resetsAt} <= ${at} then 1 else ${rateLimitCounters.hits} + 1 end`,
        resetsAt: sql`case when ${rateLimitCounters.resetsAt} <= ${at} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, resetsAt: rateLimitCounters.resetsAt });
  return { current: row!.hits, ttl: Math.max(0, row!.resetsAt.getTime() - now.getTime()) };
}

export async function sweepExpiredCounters(db: Db, now: Date) {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetsAt, now));
}

/**
 * A store for @fastify/rate-limit backed by the rate_limit_counters table. The library's store
 * interface (`incr(key, callback, window, max)` and `child`) is all a shared counter needs, so the
 * library keeps the hooks, headers and address handling and Baton only supplies the storage.
 */
export function databaseStore(db: Db, clock: Clock, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = clock.now();
      countHit(db, key, timeWindow, now).then(
        async (result) => {
          if (++hitsSinceSweep >= SWEEP_EVERY_HITS) {
            hitsSinceSweep = 0;
            await sweepExpiredCounters(db, now).catch((error: unknown) =>
              log.warn({ err: error }, 'could not sweep expired rate-limit counters'),
            );
          }
          callback(null, result);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    /** Every route's limits share the one table; the key already names the limit. */
    child() {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}
