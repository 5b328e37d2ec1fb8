import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import type { AccountRow } from '../db/schema';
import {
  findAccount,
  findAccountByStripeSubscription,
  updateAccountDetails,
  updateAccountPlan,
} from '../repositories/accounts';
import {
  closeCheckout,
  findCheckout,
  findCheckoutById,
  insertCheckout,
  listOpenCheckouts,
  recordBillingEvent,
  setCheckoutProviderSession,
} from '../repositories/billing';
import { quotaUsage } from './quotas';
import { ApiError, invalidRequest, notFound } from '../errors';
import { entitlementsFor, isPlanId, type AddOnId, type AddOnQuantity } from '../../shared/plans';
import type { BillingPeriod } from '../../shared/enums';
import type { Checkout, Subscription } from '../../shared/contract/account';
import type { BillingEvent, PaymentProvider, Purchase } from '../integrations/billing';

/*
 * Plan changes talk to the payment provider, so these functions run their own short transactions
 * around the provider's calls instead of holding a transaction (and its locks) open across them.
 */

const needsCheckout = () =>
  new ApiError('InvalidRequest', 'This account has no paid subscription yet: start a checkout to subscribe.', 409);

const alreadySubscribed = () =>
  new ApiError('InvalidRequest', 'This account already has a subscription: change its plan or add-ons instead.', 409);

async function requireAccount(db: Db, accountId: string) {
  const account = await findAccount(db, accountId);
  if (!account) throw notFound('Account not found');
  return account;
}

/** One entry per add-on, quantities above zero, in catalogue order; a repeated add-on is refused. */
export function normaliseAddOns(list: readonly AddOnQuantity[]): AddOnQuantity[] {
  const seen = new Set<AddOnId>();
  for (const { addOn } of list) {
    if (seen.has(addOn)) throw invalidRequest(`body.addOns lists ${addOn} more than once`);
    seen.add(addOn);
  }
  return list.filter(({ quantity }) => quantity > 0).sort((a, b) => a.addOn.localeCompare(b.addOn));
}

const storedAddOns = (account: AccountRow) => account.addOns as AddOnQuantity[];
const storedPlan = (account: AccountRow) => (isPlanId(account.plan) ? account.plan : 'free');

/** The account's plan, add-ons, entitlements, and usage of each quota by the account, user and active team. */
export async function describeSubscription(
  db: Db,
  scope: { accountId: string; userId: string; teamId: string },
  provider: PaymentProvider,
  now: Date,
): Promise<Subscription> {
  const account = await requireAccount(db, scope.accountId);
  const addOns = storedAddOns(account);
  const usage = {
    ownedTeams: await quotaUsage(db, { kind: 'owned-team', accountId: account.id }, now),
    totalTeams: await quotaUsage(db, { kind: 'total-teams', userId: scope.userId }, now),
    teamMembers: await quotaUsage(db, { kind: 'team-members', teamId: scope.teamId }, now),
    projects: await quotaUsage(db, { kind: 'projects', teamId: scope.teamId }, now),
    agentActions: await quotaUsage(db, { kind: 'agent-actions', accountId: account.id }, now),
  };
  return {
    plan: storedPlan(account),
    billingPeriod: account.billingPeriod as BillingPeriod,
    addOns,
    status: account.status,
    entitlements: entitlementsFor(account.plan, addOns),
    usage,
    accountId: account.id,
    accountName: account.accountName,
    billingEmail: account.billingEmail,
    paymentProvider: provider.kind,
  };
}

export async function updateAccount(
  db: Db,
  provider: PaymentProvider,
  accountId: string,
  details: { accountName: string; billingEmail: string },
) {
  const accountName = details.accountName.trim();
  const billingEmail = details.billingEmail.trim().toLowerCase();
  await updateAccountDetails(db, accountId, { accountName, billingEmail });
  await provider.updateCustomer(await requireAccount(db, accountId));
  return { accountName, billingEmail };
}

/** Applies a paid (or free) checkout to its account, once: a second completion finds it closed. */
async function completeCheckout(
  db: Db,
  checkoutId: string,
  ids: { customerId: string | null; subscriptionId: string | null },
  now: Date,
) {
  const checkout = await closeCheckout(db, checkoutId, 'completed', now);
  if (!checkout) return false;
  await updateAccountPlan(db, checkout.accountId, {
    plan: checkout.plan,
    billingPeriod: checkout.billingPeriod,
    addOns: checkout.addOns,
    status: 'active',
    ...(ids.customerId ? { stripeCustomerId: ids.customerId } : {}),
    ...(ids.subscriptionId ? { stripeSubscriptionId: ids.subscriptionId } : {}),
  });
  return true;
}

/**
 * A new checkout replaces the account's open ones: their payment pages are closed first, so two
 * subscriptions cannot both be paid for. One already paid (its webhook still on the way) is applied
 * instead, and the new checkout refused.
 */
async function expireOpenCheckouts(db: Db, provider: PaymentProvider, accountId: string, now: Date) {
  for (const open of await listOpenCheckouts(db, accountId)) {
    if (open.providerSessionId) {
      const state = await provider.checkoutState(open.providerSessionId);
      if (state.status === 'complete') {
        await db.transaction((tx) => completeCheckout(tx, open.id, state, now));
        throw alreadySubscribed();
      }
      if (state.status === 'open') await provider.expireCheckout(open.providerSessionId);
    }
    await closeCheckout(db, open.id, 'expired', now);
  }
}

/**
 * Starts buying a plan with add-ons. With no payment provider (or nothing to pay) it applies at once;
 * with Stripe the answer carries the Checkout page the browser goes to.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  accountId: string,
  request: Purchase,
  now: Date,
): Promise<Checkout> {
  const purchase = { ...request, addOns: normaliseAddOns(request.addOns) };
  const account = await requireAccount(db, accountId);
  if (provider.kind !== 'none' && account.stripeSubscriptionId) throw alreadySubscribed();
  await expireOpenCheckouts(db, provider, accountId, now);
  const checkoutId = randomUUID();
  await insertCheckout(db, { id: checkoutId, accountId, ...purchase, provider: provider.kind, createdAt: now });
  let started;
  try {
    started = await provider.startCheckout({ checkoutId, account, purchase });
  } catch (error) {
    await closeCheckout(db, checkoutId, 'expired', now);
    throw error;
  }
  if (started.providerSessionId) await setCheckoutProviderSession(db, checkoutId, started.providerSessionId);
  if (started.checkoutUrl === null) {
    await db.transaction((tx) => completeCheckout(tx, checkoutId, { customerId: null, subscriptionId: null }, now));
    return { checkoutId, status: 'completed', checkoutUrl: null };
  }
  return { checkoutId, status: 'open', checkoutUrl: started.checkoutUrl };
}

/**
 * Called when the browser returns from the provider's checkout: asks the provider how it ended and
 * applies it if paid (the webhook may have done so already; applying twice changes nothing).
 */
export async function confirmCheckout(
  db: Db,
  provider: PaymentProvider,
  accountId: string,
  checkoutId: string,
  now: Date,
): Promise<Checkout> {
  const checkout = await findCheckout(db, accountId, checkoutId);
  if (!checkout) throw notFound('Checkout not found');
  if (checkout.status !== 'open')
    return { checkoutId, status: checkout.status as Checkout['status'], checkoutUrl: null };
  if (!checkout.providerSessionId) {
    // Only a checkout that never needed a payment page completes without one.
    if (checkout.provider !== 'none') {
      await closeCheckout(db, checkoutId, 'expired', now);
      return { checkoutId, status: 'expired', checkoutUrl: null };
    }
    await db.transaction((tx) => completeCheckout(tx, checkoutId, { customerId: null, subscriptionId: null }, now));
    return { checkoutId, status: 'completed', checkoutUrl: null };
  }
  const state = await provider.checkoutState(checkout.providerSessionId);
  if (state.status === 'complete') {
    await db.transaction((tx) => completeCheckout(tx, checkoutId, state, now));
    return { checkoutId, status: 'completed', checkoutUrl: null };
  }
  if (state.status === 'expired') {
    await closeCheckout(db, checkoutId, 'expired', now);
    return { checkoutId, status: 'expired', checkoutUrl: null };
  }
  return { checkoutId, status: 'open', checkoutUrl: state.checkoutUrl };
}

/** Back to the free plan without add-ons. Data over the free limits stays; creating more is refused. */
export async function cancelPlan(db: Db, provider: PaymentProvider, accountId: string) {
  const account = await requireAccount(db, accountId);
  await provider.cancelSubscription(account);
  await updateAccountPlan(db, accountId, {
    plan: 'free',
    billingPeriod: 0,
    addOns: [],
    status: 'active',
    stripeSubscriptionId: null,
  });
}

/** Moves the account to another plan or billing period, keeping its add-ons; free means cancel. */
export async function changePlan(
  db: Db,
  provider: PaymentProvider,
  accountId: string,
  change: { plan: Purchase['plan']; billingPeriod: BillingPeriod },
) {
  if (change.plan === 'free') return cancelPlan(db, provider, accountId);
  const account = await requireAccount(db, accountId);
  const outcome = await provider.changeSubscription(account, { ...change, addOns: storedAddOns(account) });
  if (outcome === 'needs-checkout') throw needsCheckout();
  await updateAccountPlan(db, accountId, change);
}

export async function changeAddOns(
  db: Db,
  provider: PaymentProvider,
  accountId: string,
  requested: readonly AddOnQuantity[],
) {
  const addOns = normaliseAddOns(requested);
  const account = await requireAccount(db, accountId);
  const outcome = await provider.changeSubscription(account, {
    plan: storedPlan(account),
    billingPeriod: account.billingPeriod as BillingPeriod,
    addOns,
  });
  if (outcome === 'needs-checkout') throw needsCheckout();
  await updateAccountPlan(db, accountId, { addOns });
}

/**
 * Applies a verified provider event exactly once: its id is recorded in the same transaction as its
 * effect, so a replayed delivery (or one racing the first) finds it recorded and changes nothing.
 */
export async function applyBillingEvent(db: Db, event: BillingEvent, now: Date): Promise<'applied' | 'replayed'> {
  return db.transaction(async (tx) => {
    if (!(await recordBillingEvent(tx, { id: event.id, type: event.type, receivedAt: now }))) return 'replayed';
    switch (event.kind) {
      case 'checkout-completed': {
        const checkout = event.checkoutId ? await findCheckoutById(tx, event.checkoutId) : undefined;
        if (checkout && event.paid) await completeCheckout(tx, checkout.id, event, now);
        break;
      }
      case 'checkout-expired':
        if (event.checkoutId) await closeCheckout(tx, event.checkoutId, 'expired', now);
        break;
      case 'subscription-updated': {
        const account = await findAccountByStripeSubscription(tx, event.subscriptionId);
        if (account) await updateAccountPlan(tx, account.id, { status: event.status });
        break;
      }
      case 'subscription-deleted': {
        const account = await findAccountByStripeSubscription(tx, event.subscriptionId);
        if (account) {
          await updateAccountPlan(tx, account.id, {
            plan: 'free',
            billingPeriod: 0,
            addOns: [],
            status: 'active',
            stripeSubscriptionId: null,
          });
        }
        break;
      }
      case 'ignored':
        break;
    }
    return 'applied';
  });
}
