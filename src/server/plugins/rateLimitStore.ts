import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/types';
import { countHits, sweepExpiredCounters } from '../repositories/rateLimitCounters';
import type { Clock } from './database';

/** Expired counters are deleted once every this many hits of a process: one cheap indexed delete. */
const SWEEP_EVERY_HITS = 1000;

/**
 * How many hits one instance reserves at a time under a limit of `max`: one (an exact shared count) for
 * limits up to 100, a fiftieth of the limit above that, so a busy caller under a large limit (writes:
 * 1,200 a minute) costs one counting statement per 24 requests instead of one per request.
 */
export function leaseSize(max: number): number {
  return max <= 100 ? 1 : Math.ceil(max / 50);
}

/** Hits an instance has reserved in the database for one key and not yet handed out. */
interface Lease {
  /** The count the next hit gets. */
  next: number;
  /** The last count reserved. */
  last: number;
  resetsAt: number;
}

/**
 * A store for @fastify/rate-limit backed by the rate_limit_counters table. The library's store
 * interface (`incr(key, callback, window, max)` and `child`) is all a shared counter needs, so the
 * library keeps the hooks, headers and address handling and Baton only supplies the storage.
 *
 * Each instance reserves hits in the database a lease at a time (`leaseSize`) and hands them out from
 * memory. Every hit counted has been reserved in the shared row, so all instances together never let
 * a caller past the limit; a caller may be refused up to one lease per other instance early (hits
 * another instance reserved and has not used). Once a caller is over the limit, its refusals are
 * counted from memory too, so a flood costs the database one statement per lease.
 */
export function databaseStore(db: Db, clock: Clock, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;
  const leases = new Map<string, Lease>();
  const reserving = new Map<string, Promise<unknown>>();

  const sweep = async (now: Date) => {
    hitsSinceSweep = 0;
    for (const [key, lease] of leases) if (lease.resetsAt <= now.getTime()) leases.delete(key);
    await sweepExpiredCounters(db, now).catch((error: unknown) =>
      log.warn({ err: error }, 'could not sweep expired rate-limit counters'),
    );
  };

  /** The next count from this instance's lease on `key`, reserving a new lease when it is spent. */
  const take = async (key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> => {
    for (;;) {
      const now = clock.now().getTime();
      const lease = leases.get(key);
      // Past the limit, further hits are refused whatever other instances count: no need to reserve them.
      if (lease && lease.resetsAt > now && (lease.next <= lease.last || lease.last >= max)) {
        return { current: lease.next++, ttl: lease.resetsAt - now };
      }
      const pending = reserving.get(key);
      if (pending) {
        await pending; // another hit of this instance is reserving: share its lease
        continue;
      }
      const size = leaseSize(max);
      const reservation = countHits(db, key, size, windowMs, new Date(now)).then(({ hits, resetsAt }) => {
        leases.set(key, { next: hits - size + 1, last: hits, resetsAt });
      });
      reserving.set(key, reservation);
      try {
        await reservation;
      } finally {
        reserving.delete(key);
      }
    }
  };

  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      take(key, timeWindow, max).then(
        async (result) => {
          if (++hitsSinceSweep >= SWEEP_EVERY_HITS) await sweep(clock.now());
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
