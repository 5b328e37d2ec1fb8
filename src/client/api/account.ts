import { enhancedApi } from './account.gen';
import type { GetSubscriptionApiResponse } from './account.gen';

/** A plan change answers with the whole subscription: it replaces the cached one without another read. */
const replacesSubscription = {
  async onQueryStarted(_arg: unknown, { dispatch, queryFulfilled }: SubscriptionAnswer) {
    try {
      const { data } = await queryFulfilled;
      dispatch(enhancedApi.util.upsertQueryData('getSubscription', undefined, data));
    } catch {
      // The page shows the failure; the cached subscription is still what the server holds.
    }
  },
};
interface SubscriptionAnswer {
  dispatch: (action: unknown) => unknown;
  queryFulfilled: Promise<{ data: GetSubscriptionApiResponse }>;
}

/** The account group: the subscription is never cached (spec §9); changes to it refresh it. */
export const accountApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    getSubscription: { providesTags: ['Subscription'], keepUnusedDataFor: 0 },
    putAccount: { invalidatesTags: ['Subscription'] },
    // A checkout that completed at once (no payment provider) has changed the plan; an open one has not yet.
    startCheckout: { invalidatesTags: (result) => (result?.status === 'completed' ? ['Subscription'] : []) },
    completeCheckout: { invalidatesTags: (result) => (result?.status === 'completed' ? ['Subscription'] : []) },
    putPlan: replacesSubscription,
    putAddOns: replacesSubscription,
    cancelPlan: replacesSubscription,
  },
});

export const {
  useGetSubscriptionQuery,
  usePutAccountMutation,
  useStartCheckoutMutation,
  useCompleteCheckoutMutation,
  usePutPlanMutation,
  usePutAddOnsMutation,
  useCancelPlanMutation,
} = accountApi;
