import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';
import { githubDeliveries } from '../db/schema';
import type { Clock } from '../plugins/database';
import { applyGithubEvent, type GithubEventContext } from './githubEvents';

/** How long an applied delivery is kept. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Applies stored GitHub deliveries after their request has been answered, oldest first, one at a
 * time per delivery: each is claimed with `FOR UPDATE SKIP LOCKED`, so several Baton instances share
 * the work, and a delivery that fails is marked with its error rather than retried forever.
 */
export function createGithubQueue(db: Db, clock: Clock, log: FastifyBaseLogger, context: GithubEventContext | null) {
  let running: Promise<void> | null = null;
  let again = false;

  const applyNext = async (): Promise<boolean> =>
    db.transaction(async (tx) => {
      const [delivery] = await tx
        .select()
        .from(githubDeliveries)
        .where(isNull(githubDeliveries.processedAt))
        .orderBy(asc(githubDeliveries.receivedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!delivery) return false;
      const now = clock.now();
      let outcome: string;
      try {
        outcome = await tx.transaction((inner) =>
          applyGithubEvent(inner, delivery.event, delivery.payload, now, context),
        );
      } catch (error) {
        outcome = `error: ${(error as Error).message}`.slice(0, 500);
        log.warn({ deliveryId: delivery.deliveryId, event: delivery.event, err: error }, 'GitHub delivery failed');
      }
      await tx
        .update(githubDeliveries)
        .set({ processedAt: now, outcome })
        .where(and(eq(githubDeliveries.deliveryId, delivery.deliveryId), isNull(githubDeliveries.processedAt)));
      log.info({ deliveryId: delivery.deliveryId, event: delivery.event, outcome }, 'GitHub delivery');
      return true;
    });

  const drain = async () => {
    do {
      again = false;
      while (await applyNext()) {
        // one delivery per transaction
      }
    } while (again);
    // Ids are kept long enough to drop GitHub's redeliveries (it offers them for days), then let go.
    const cutoff = new Date(clock.now().getTime() - DELIVERY_RETENTION_MS);
    await db.delete(githubDeliveries).where(lt(githubDeliveries.processedAt, cutoff));
  };

  return {
    /** Starts applying what is stored (or runs once more after the current pass). */
    kick() {
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
  };
}
export type GithubQueue = ReturnType<typeof createGithubQueue>;
