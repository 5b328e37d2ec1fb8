/**
 * Quota-error routing (spec §8), kept by the listener middleware: a QuotaLimit answer to one of the
 * calls that route it becomes the active quota error (the app then shows account settings), and a plan
 * or add-ons change lifts it.
 */
import { isAnyOf, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listeners';
import type { Envelope } from '../../../shared/results';
import { accountApi } from '../../api/account';
import { quotaErrorLifted, quotaErrorRaised } from './quotaErrorSlice';
import { quotaErrorEndpoints } from '../../api/endpointBehaviour.gen';

type RejectedCall = UnknownAction & {
  payload?: { data?: Envelope<{ quotaKind?: string }> };
  meta: { arg?: { endpointName?: string } };
};

const isQuotaRejection = (action: UnknownAction): action is RejectedCall => {
  if (!isRejectedWithValue(action)) return false;
  const call = action as RejectedCall;
  return call.payload?.data?.result === 'QuotaLimit' && quotaErrorEndpoints.has(call.meta.arg?.endpointName ?? '');
};

export function registerQuotaListeners(startListening: AppStartListening) {
  startListening({
    predicate: isQuotaRejection,
    effect: (action, listenerApi) => {
      listenerApi.dispatch(quotaErrorRaised((action as RejectedCall).payload?.data?.data?.quotaKind));
    },
  });
  startListening({
    matcher: isAnyOf(
      accountApi.endpoints.putPlan.matchFulfilled,
      accountApi.endpoints.putAddOns.matchFulfilled,
      accountApi.endpoints.completeCheckout.matchFulfilled,
    ),
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(quotaErrorLifted());
    },
  });
  // Upgrading from Free is a checkout; without a payment provider it is applied at once (no page to pay on).
  startListening({
    predicate: (action) =>
      accountApi.endpoints.startCheckout.matchFulfilled(action) && action.payload.checkoutUrl === null,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(quotaErrorLifted());
    },
  });
}
