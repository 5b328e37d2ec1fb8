import type { AccountRow } from '../../db/schema';
import type { AddOnQuantity, PlanId } from '../../../shared/plans';
import type { BillingPeriod } from '../../../shared/enums';

/** What an account buys: a plan, billed monthly or yearly, with add-on quantities. */
export interface Purchase {
  plan: PlanId;
  billingPeriod: BillingPeriod;
  addOns: AddOnQuantity[];
}

export interface StartedCheckout {
  /** Where the browser pays; null when there is nothing to pay and the purchase applies at once. */
  checkoutUrl: string | null;
  providerSessionId: string | null;
}

export interface ProviderCheckoutState {
  status: 'open' | 'complete' | 'expired';
  checkoutUrl: string | null;
  customerId: string | null;
  subscriptionId: string | null;
}

/** A payment-provider event, verified and reduced to what Baton acts on. */
export type BillingEvent = { id: string; type: string } & (
  | {
      kind: 'checkout-completed';
      checkoutId: string | null;
      paid: boolean;
      customerId: string | null;
      subscriptionId: string | null;
    }
  | { kind: 'checkout-expired'; checkoutId: string | null }
  | { kind: 'subscription-updated'; subscriptionId: string; status: string }
  | { kind: 'subscription-deleted'; subscriptionId: string }
  | { kind: 'ignored' }
);

/** The payment provider refused or failed a call; answered as Failed (500) and logged, never passed on. */
export class PaymentProviderError extends Error {}

/** A webhook whose signature does not verify (or that is not a provider event at all). */
export class WebhookSignatureError extends Error {}

/**
 * Who takes payment. `none` (the embedded default) takes none: a purchase applies at once.
 * `stripe` sells through Stripe Checkout and keeps the subscription in step with plan changes.
 */
export interface PaymentProvider {
  readonly kind: 'none' | 'stripe';
  startCheckout(request: { checkoutId: string; account: AccountRow; purchase: Purchase }): Promise<StartedCheckout>;
  checkoutState(providerSessionId: string): Promise<ProviderCheckoutState>;
  /** Closes a payment page that is no longer wanted, so it cannot be paid as well. */
  expireCheckout(providerSessionId: string): Promise<void>;
  /** Moves the account's running subscription to the purchase; 'needs-checkout' when it has none to change. */
  changeSubscription(account: AccountRow, purchase: Purchase): Promise<'applied' | 'needs-checkout'>;
  cancelSubscription(account: AccountRow): Promise<void>;
  /** Keeps the provider's customer (invoice address and name) in step with the account. */
  updateCustomer(account: AccountRow): Promise<void>;
  /** Verifies a webhook delivery against the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, receivedAt: Date): BillingEvent;
}
