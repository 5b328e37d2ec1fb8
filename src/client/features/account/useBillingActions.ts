import { useState } from 'react';
import {
  useCancelPlanMutation,
  usePutAccountMutation,
  usePutAddOnsMutation,
  usePutPlanMutation,
  useStartCheckoutMutation,
} from '../../api/account';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { plans, type AddOnQuantity, type PlanId } from '../../../shared/plans';
import type { BillingPeriod } from '../../../shared/enums';
import type { Subscription } from './subscriptionTypes';
import { billedEvery } from './PlanSection';

export interface Notice {
  tone: 'info' | 'error';
  text: string;
}

/**
 * An account with nothing to pay for has no subscription at the payment provider yet, so buying
 * starts a checkout; one that pays already changes its subscription in place.
 */
export const hasPaidSubscription = (subscription: Subscription) =>
  subscription.plan !== 'free' || subscription.addOns.some((entry) => entry.quantity > 0);

/** Every billing change the owner can make, with one notice saying how the last one went. */
export function useBillingActions(subscription: Subscription | undefined, redirect: (url: string) => void) {
  const [startCheckout, checkout] = useStartCheckoutMutation();
  const [putPlan, planChange] = usePutPlanMutation();
  const [putAddOns, addOnsChange] = usePutAddOnsMutation();
  const [cancelPlan, cancellation] = useCancelPlanMutation();
  const [putAccount, accountChange] = usePutAccountMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const busy =
    checkout.isLoading ||
    planChange.isLoading ||
    addOnsChange.isLoading ||
    cancellation.isLoading ||
    accountChange.isLoading;

  async function run(action: () => Promise<string | null>) {
    setNotice(null);
    try {
      const text = await action();
      if (text) setNotice({ tone: 'info', text });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    }
  }

  /** Buys through a checkout: applied at once without a payment provider, else the browser goes to pay. */
  async function buy(plan: PlanId, billingPeriod: BillingPeriod, addOns: AddOnQuantity[], done: string) {
    const started = await startCheckout({ plan, billingPeriod, addOns }).unwrap();
    if (started.checkoutUrl) {
      redirect(started.checkoutUrl);
      return 'Taking you to the payment page…';
    }
    return done;
  }

  return {
    busy,
    notice,
    clearNotice: () => setNotice(null),
    showNotice: setNotice,
    choosePlan: (plan: PlanId, billingPeriod: BillingPeriod) =>
      run(async () => {
        if (!subscription) return null;
        const done = `You are on ${plans[plan].name}, billed ${billedEvery[billingPeriod]}.`;
        if (!hasPaidSubscription(subscription)) return buy(plan, billingPeriod, subscription.addOns, done);
        await putPlan({ plan, billingPeriod }).unwrap();
        return done;
      }),
    saveAddOns: (addOns: AddOnQuantity[]) =>
      run(async () => {
        if (!subscription) return null;
        const done = 'Add-ons saved.';
        if (!hasPaidSubscription(subscription))
          return buy(subscription.plan, subscription.billingPeriod as BillingPeriod, addOns, done);
        await putAddOns({ addOns }).unwrap();
        return done;
      }),
    cancel: () =>
      run(async () => {
        await cancelPlan().unwrap();
        return 'Your subscription is cancelled: the account is on Free.';
      }),
    saveAccount: (details: { accountName: string; billingEmail: string }) =>
      run(async () => {
        await putAccount(details).unwrap();
        return 'Account details saved.';
      }),
  };
}
