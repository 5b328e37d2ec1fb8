import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { githubDeliveries } from '../db/schema';

export type GithubDeliveryRow = typeof githubDeliveries.$inferSelect;

/** Outcomes of failed attempts start with this, so a redelivery can tell a failed delivery from an applied one. */
export const FAILED_OUTCOME = 'error: ';

/**
 * Stores a verified delivery under its id. A repeat of one that was applied is dropped (answers false);
 * GitHub's "Redeliver" of one that failed (same id) is taken again, due at once with fresh attempts.
 */
export async function storeDelivery(
  db: Db,
  delivery: { deliveryId: string; event: string; installationId: number | null; payload: Record<string, unknown> },
  now: Date,
): Promise<boolean> {
  const stored = await db
    .insert(githubDeliveries)
    .values({ ...delivery, receivedAt: now })
    .onConflictDoUpdate({
      target: githubDeliveries.deliveryId,
      set: { processedAt: null, nextAttemptAt: null, attempts: 0, payload: delivery.payload },
      setWhere: sql`${githubDeliveries.outcome} like ${`${FAILED_OUTCOME}%`}`,
    })
    .returning({ deliveryId: githubDeliveries.deliveryId });
  return stored.length > 0;
}

/**
 * Claims the oldest delivery due (not applied, past its backoff, not held by another instance) until
 * `leaseUntil`, in one statement: the claim is committed before anything is asked of GitHub.
 */
export async function claimDueDelivery(db: Db, now: Date, leaseUntil: Date): Promise<GithubDeliveryRow | undefined> {
  const due = db
    .select({ id: githubDeliveries.deliveryId })
    .from(githubDeliveries)
    .where(
      and(
        isNull(githubDeliveries.processedAt),
        or(isNull(githubDeliveries.nextAttemptAt), lte(githubDeliveries.nextAttemptAt, now)),
        or(isNull(githubDeliveries.claimedUntil), lt(githubDeliveries.claimedUntil, now)),
      ),
    )
    .orderBy(asc(githubDeliveries.receivedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(githubDeliveries)
    .set({ claimedUntil: leaseUntil })
    .where(inArray(githubDeliveries.deliveryId, due))
    .returning();
  return claimed;
}

/** Records the delivery as applied (in the transaction that applied it). */
export async function markDeliveryApplied(db: Db, deliveryId: string, outcome: string, now: Date) {
  await db
    .update(githubDeliveries)
    .set({ processedAt: now, outcome, claimedUntil: null, nextAttemptAt: null })
    .where(eq(githubDeliveries.deliveryId, deliveryId));
}

/** Records a failed attempt: tried again at `retryAt`, or given up (processed, with its error) when null. */
export async function markDeliveryFailed(
  db: Db,
  deliveryId: string,
  failure: { error: string; attempts: number; retryAt: Date | null },
  now: Date,
) {
  await db
    .update(githubDeliveries)
    .set({
      outcome: `${FAILED_OUTCOME}${failure.error}`.slice(0, 500),
      attempts: failure.attempts,
      nextAttemptAt: failure.retryAt,
      processedAt: failure.retryAt ? null : now,
      claimedUntil: null,
    })
    .where(eq(githubDeliveries.deliveryId, deliveryId));
}

/** When the next delivery waiting out its backoff is due, if any. */
export async function nextRetryAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(githubDeliveries.nextAttemptAt) })
    .from(githubDeliveries)
    .where(and(isNull(githubDeliveries.processedAt), isNotNull(githubDeliveries.nextAttemptAt)));
  return row?.at ?? null;
}

/** Forgets deliveries applied (or given up) before the cutoff. */
export async function deleteDeliveriesBefore(db: Db, cutoff: Date) {
  await db.delete(githubDeliveries).where(lt(githubDeliveries.processedAt, cutoff));
}
