import type Stripe from 'stripe';
import type { StripeConfig } from '../../config/config';
import { addOns, periodPriceCents, plans } from '../../../shared/plans';
import type { BillingPeriod } from '../../../shared/enums';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type BillingEvent,
  type PaymentProvider,
  type Purchase,
} from './types';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Stripe as the payment provider: Checkout Sessions in subscription mode, prices taken from Baton's
 * catalogue (found or created in Stripe by a lookup key that names item, interval and amount, so a
 * catalogue price change makes a new Stripe price), and webhooks verified with the signing secret.
 */
export async function createStripeProvider(config: StripeConfig, publicUrl: string): Promise<PaymentProvider> {
  // The SDK (a megabyte of JavaScript) is loaded only where Stripe is configured.
  const { default: Stripe } = await import('stripe');

  /** Stripe's own errors carry its HTTP status and message; Baton answers them as its own failure. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw new PaymentProviderError(`Stripe: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }

  const stripe = new Stripe(config.secretKey, {
    ...config.apiBase,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Baton' },
  });
  const priceIds = new Map<string, string>();

  async function priceId(item: { id: string; name: string; monthlyPriceCents: number }, billingPeriod: BillingPeriod) {
    const amount = periodPriceCents(item.monthlyPriceCents, billingPeriod);
    const interval = billingPeriod === 1 ? 'year' : 'month';
    const lookupKey = `baton_${item.id}_${interval}_${amount}`;
    const cached = priceIds.get(lookupKey);
    if (cached) return cached;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const id =
      found.data[0]?.id ??
      (
        await stripe.prices.create(
          {
            currency: 'usd',
            unit_amount: amount,
            recurring: { interval },
            lookup_key: lookupKey,
            transfer_lookup_key: true,
            product_data: { name: `Baton ${item.name}` },
            metadata: { batonItem: item.id },
          },
          { idempotencyKey: `baton-price-${lookupKey}` },
        )
      ).id;
    priceIds.set(lookupKey, id);
    return id;
  }

  /** The subscription's items: the plan unless it is free, and each add-on with a quantity. */
  async function lineItems(purchase: Purchase) {
    const items: { price: string; quantity: number }[] = [];
    const plan = plans[purchase.plan];
    if (plan.monthlyPriceCents > 0) items.push({ price: await priceId(plan, purchase.billingPeriod), quantity: 1 });
    for (const { addOn, quantity } of purchase.addOns) {
      if (quantity > 0) items.push({ price: await priceId(addOns[addOn], purchase.billingPeriod), quantity });
    }
    return items;
  }

  return {
    kind: 'stripe',

    async startCheckout({ checkoutId, account, purchase }) {
      return guarded(async () => {
        const items = await lineItems(purchase);
        if (items.length === 0) return { checkoutUrl: null, providerSessionId: null };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: items,
            client_reference_id: checkoutId,
            metadata: { checkoutId, accountId: account.id },
            subscription_data: { metadata: { accountId: account.id } },
            ...(account.stripeCustomerId
              ? { customer: account.stripeCustomerId }
              : { customer_email: account.billingEmail }),
            success_url: `${publicUrl}/settings/account?checkoutId=${encodeURIComponent(checkoutId)}`,
            cancel_url: `${publicUrl}/settings/account`,
          },
          { idempotencyKey: `baton-checkout-${checkoutId}` },
        );
        return { checkoutUrl: session.url, providerSessionId: session.id };
      });
    },

    async checkoutState(providerSessionId) {
      return guarded(async () => {
        const session = await stripe.checkout.sessions.retrieve(providerSessionId);
        const paid = session.payment_status !== 'unpaid';
        return {
          status:
            session.status === 'complete' && paid ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
          checkoutUrl: session.url,
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
        };
      });
    },

    async expireCheckout(providerSessionId) {
      return guarded(async () => {
        await stripe.checkout.sessions.expire(providerSessionId);
      });
    },

    async changeSubscription(account, purchase) {
      return guarded(async () => {
        if (!account.stripeSubscriptionId) return 'needs-checkout';
        const subscription = await stripe.subscriptions.retrieve(account.stripeSubscriptionId);
        const items = await lineItems(purchase);
        if (items.length === 0) return 'needs-checkout';
        await stripe.subscriptions.update(account.stripeSubscriptionId, {
          items: [...subscription.items.data.map((item) => ({ id: item.id, deleted: true })), ...items],
          proration_behavior: 'create_prorations',
          metadata: { accountId: account.id },
        });
        return 'applied';
      });
    },

    async cancelSubscription(account) {
      return guarded(async () => {
        if (account.stripeSubscriptionId) await stripe.subscriptions.cancel(account.stripeSubscriptionId);
      });
    },

    async updateCustomer(account) {
      return guarded(async () => {
        if (account.stripeCustomerId) {
          await stripe.customers.update(account.stripeCustomerId, {
            email: account.billingEmail,
            name: account.accountName,
          });
        }
      });
    },

    verifyWebhook(rawBody, signature, receivedAt) {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          undefined,
          undefined,
          receivedAt.getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return describeEvent(event);
    },
  };
}

function describeEvent(event: Stripe.Event): BillingEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      return {
        ...base,
        kind: 'checkout-completed',
        checkoutId: session.client_reference_id ?? session.metadata?.checkoutId ?? null,
        paid: session.payment_status !== 'unpaid',
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return {
        ...base,
        kind: 'checkout-expired',
        checkoutId: session.client_reference_id ?? session.metadata?.checkoutId ?? null,
      };
    }
    case 'customer.subscription.updated':
      return {
        ...base,
        kind: 'subscription-updated',
        subscriptionId: event.data.object.id,
        status: event.data.object.status,
      };
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription-deleted', subscriptionId: event.data.object.id };
    default:
      return { ...base, kind: 'ignored' };
  }
}
