import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { accounts, type AccountRow } from '../db/schema';

/** Creates the personal account keyed by the owner's e-mail, unless it already exists. */
export async function ensurePersonalAccount(db: Db, emailAddress: string) {
  await db
    .insert(accounts)
    .values({ id: emailAddress, accountName: emailAddress, billingEmail: emailAddress })
    .onConflictDoNothing({ target: accounts.id });
}

export async function findAccount(db: Db, accountId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

export async function findAccountByStripeSubscription(db: Db, subscriptionId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.stripeSubscriptionId, subscriptionId)).limit(1);
  return row;
}

export async function updateAccountDetails(
  db: Db,
  accountId: string,
  details: { accountName: string; billingEmail: string },
) {
  await db.update(accounts).set(details).where(eq(accounts.id, accountId));
}

/** Puts the account on a plan; the fields left out keep their value. */
export async function updateAccountPlan(
  db: Db,
  accountId: string,
  change: Partial<
    Pick<AccountRow, 'plan' | 'billingPeriod' | 'addOns' | 'status' | 'stripeCustomerId' | 'stripeSubscriptionId'>
  >,
) {
  await db.update(accounts).set(change).where(eq(accounts.id, accountId));
}
