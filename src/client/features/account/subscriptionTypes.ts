import type { GetSubscriptionApiResponse } from '../../api/account.gen';

/** The account's plan, add-ons, entitlements and usage as the server answers them. */
export type Subscription = GetSubscriptionApiResponse;
export type AddOnQuantities = Subscription['addOns'];
