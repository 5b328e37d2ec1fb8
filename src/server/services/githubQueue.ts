import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';
import type { Clock } from '../plugins/database';
import { applyGithubEvent, gatherGithubFacts, type GithubEventContext } from './githubEvents';
import {
  claimDueDelivery,
  deleteDeliveriesBefore,
  markDeliveryApplied,
  markDeliveryFailed,
  nextRetryAt,
  type GithubDeliveryRow,
} from '../repositories/githubDeliveries';
import { GithubCallFailed } from '../integrations/github/githubClient';
import { sweepStaleHandoffs } from './githubStale';

/** How long an applied delivery is kept. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a claim holds a delivery: longer than any GitHub call, so only a dead instance's claim lapses. */
const CLAIM_LEASE_MS = 5 * 60 * 1000;
/** How often stale hand-offs are looked for when no delivery comes. */
const STALE_SWEEP_MS = 10 * 60 * 1000;
/** Attempts before a delivery is given up (GitHub's "Redeliver" takes it again). */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** The wait before attempt `attempts + 1`: 30 s, doubling, at most 6 hours. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);

/**
 * Applies stored GitHub deliveries after their request has been answered, oldest first. Each is claimed
 * by a short statement (`FOR UPDATE SKIP LOCKED`, so several Baton instances share the work), then what
 * GitHub must be asked is asked with no transaction open, then it is applied in a transaction that only
 * writes. A delivery that fails is tried again after a growing wait, then given up.
 */
export function createGithubQueue(db: Db, clock: Clock, log: FastifyBaseLogger, context: GithubEventContext | null) {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const applyOne = async (delivery: GithubDeliveryRow) => {
    const { deliveryId, event, payload } = delivery;
    try {
      const facts = await gatherGithubFacts(db, event, payload, context);
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const applied = await applyGithubEvent(tx, event, payload, now, context, facts);
        await markDeliveryApplied(tx, deliveryId, applied, now);
        return applied;
      });
      log.info({ deliveryId, event, outcome }, 'GitHub delivery');
    } catch (error) {
      const now = clock.now();
      const attempts = delivery.attempts + 1;
      // GitHub's rate limit says when to come back; otherwise the wait grows with each attempt.
      const limitedUntil = error instanceof GithubCallFailed ? error.retryAt : null;
      const retryAt =
        attempts >= MAX_DELIVERY_ATTEMPTS ? null : (limitedUntil ?? new Date(now.getTime() + retryDelayMs(attempts)));
      await markDeliveryFailed(db, deliveryId, { error: (error as Error).message, attempts, retryAt }, now);
      log.warn({ deliveryId, event, attempts, retryAt, err: error }, 'GitHub delivery failed');
    }
  };

  /** Wakes the queue when the next delivery waiting out its backoff is due. */
  const scheduleRetry = async () => {
    const at = await nextRetryAt(db);
    if (timer) clearTimeout(timer);
    timer = null;
    if (!at || closed) return;
    timer = setTimeout(() => queue.kick(), Math.max(1_000, at.getTime() - clock.now().getTime()));
    timer.unref();
  };

  const drain = async () => {
    do {
      again = false;
      for (;;) {
        const now = clock.now();
        const delivery = await claimDueDelivery(db, now, new Date(now.getTime() + CLAIM_LEASE_MS));
        if (!delivery) break;
        await applyOne(delivery);
      }
    } while (again);
    await scheduleRetry();
    if (context) await sweepStaleHandoffs(db, clock.now(), context.staleAfterMs);
    // Ids are kept long enough to drop GitHub's redeliveries (it offers them for days), then let go.
    await deleteDeliveriesBefore(db, new Date(clock.now().getTime() - DELIVERY_RETENTION_MS));
  };

  const queue = {
    /** Starts applying what is due (or runs once more after the current pass). */
    kick() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = drain()
        .catch((error: unknown) => log.error({ err: error }, 'GitHub queue stopped'))
        .finally(() => {
          running = null;
        });
    },
    /** Resolves when nothing is being applied (tests, shutdown). */
    async idle() {
      while (running) await running;
    },
    /** Stops waking up for retries and waits for the delivery in hand. */
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(sweeper);
      await queue.idle();
    },
  };
  // Hand-offs go stale with time alone: the queue wakes for the sweep now and then.
  const sweeper = context ? setInterval(() => queue.kick(), STALE_SWEEP_MS) : undefined;
  sweeper?.unref();
  return queue;
}
export type GithubQueue = ReturnType<typeof createGithubQueue>;
