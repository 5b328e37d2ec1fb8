import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { billingEvents, checkouts } from '../db/schema';

export type CheckoutRow = typeof checkouts.$inferSelect;

export async function insertCheckout(
  db: Db,
  checkout: Pick<CheckoutRow, 'id' | 'accountId' | 'plan' | 'billingPeriod' | 'addOns' | 'provider'> & {
    createdAt: Date;
  },
) {
  await db.insert(checkouts).values(checkout);
}

export async function setCheckoutProviderSession(db: Db, checkoutId: string, providerSessionId: string) {
  await db.update(checkouts).set({ providerSessionId }).where(eq(checkouts.id, checkoutId));
}

/** A checkout of this account (another account's id is not found). */
export async function findCheckout(db: Db, accountId: string, checkoutId: string) {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.accountId, accountId)))
    .limit(1);
  return row;
}

/** The account's checkouts still waiting on the payment page. */
export async function listOpenCheckouts(db: Db, accountId: string) {
  return db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.accountId, accountId), eq(checkouts.status, 'open')));
}

export async function findCheckoutById(db: Db, checkoutId: string) {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1);
  return row;
}

/** Moves an open checkout to its final status; undefined when it was not open (already applied or expired). */
export async function closeCheckout(db: Db, checkoutId: string, status: 'completed' | 'expired', now: Date) {
  const [row] = await db
    .update(checkouts)
    .set({ status, completedAt: now })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open')))
    .returning();
  return row;
}

/** Records a provider event; false when it was recorded before (a replay), so it must not be applied again. */
export async function recordBillingEvent(db: Db, event: { id: string; type: string; receivedAt: Date }) {
  const inserted = await db
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return inserted.length === 1;
}
