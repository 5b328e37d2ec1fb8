import { Type, type Static } from '@sinclair/typebox';
import { AddOnIds, PlanIds } from '../plans';
import { EmailAddress, Id } from './common';

export const PlanId = Type.Union(PlanIds.map((plan) => Type.Literal(plan)));
export const AddOnId = Type.Union(AddOnIds.map((addOn) => Type.Literal(addOn)));
/** Billing period (spec §3): Monthly 0, Annual 1. */
export const BillingPeriodCode = Type.Union([Type.Literal(0), Type.Literal(1)]);

export const AddOnQuantity = Type.Object(
  { addOn: AddOnId, quantity: Type.Integer({ minimum: 0, maximum: 1000 }) },
  { $id: 'AddOnQuantity', additionalProperties: false },
);
/** At most one entry per add-on; a quantity of 0 removes it. */
export const AddOnQuantities = Type.Array(AddOnQuantity, { maxItems: AddOnIds.length });

export const Entitlements = Type.Object(
  {
    maxOwnedTeams: Type.Integer(),
    maxTotalTeams: Type.Integer(),
    maxTeamMembers: Type.Integer(),
    maxProjects: Type.Integer(),
    maxProjectItems: Type.Integer(),
    maxAgentActions: Type.Integer(),
  },
  { $id: 'Entitlements' },
);

/** What is used of each quota: the account's, the user's and the active team's. */
export const Usage = Type.Object(
  {
    ownedTeams: Type.Integer(),
    totalTeams: Type.Integer(),
    teamMembers: Type.Integer(),
    projects: Type.Integer(),
    agentActions: Type.Integer(),
  },
  { $id: 'Usage' },
);

export const PaymentProviderKind = Type.Union([Type.Literal('none'), Type.Literal('stripe')]);

export const Subscription = Type.Object(
  {
    plan: PlanId,
    billingPeriod: BillingPeriodCode,
    addOns: Type.Array(AddOnQuantity),
    /** active, or the payment provider's word for a subscription in trouble (past_due, unpaid, …). */
    status: Type.String(),
    entitlements: Entitlements,
    usage: Usage,
    accountId: Type.String(),
    accountName: Type.String(),
    billingEmail: Type.String(),
    /** none: plan changes apply at once; stripe: a new subscription goes through Stripe Checkout. */
    paymentProvider: PaymentProviderKind,
  },
  { $id: 'Subscription' },
);
export type Subscription = Static<typeof Subscription>;

export const PutAccountBody = Type.Object(
  { accountName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }), billingEmail: EmailAddress },
  { $id: 'PutAccountBody', additionalProperties: false },
);
export type PutAccountBody = Static<typeof PutAccountBody>;
export const AccountDetails = Type.Object(
  { accountName: Type.String(), billingEmail: Type.String() },
  { $id: 'AccountDetails' },
);

export const StartCheckoutBody = Type.Object(
  { plan: PlanId, billingPeriod: BillingPeriodCode, addOns: AddOnQuantities },
  { $id: 'StartCheckoutBody', additionalProperties: false },
);
export type StartCheckoutBody = Static<typeof StartCheckoutBody>;

export const CompleteCheckoutBody = Type.Object(
  { checkoutId: Id },
  { $id: 'CompleteCheckoutBody', additionalProperties: false },
);
export type CompleteCheckoutBody = Static<typeof CompleteCheckoutBody>;

export const CheckoutStatus = Type.Union([Type.Literal('open'), Type.Literal('completed'), Type.Literal('expired')]);
export type CheckoutStatus = Static<typeof CheckoutStatus>;

/** A checkout: completed at once with no payment provider; with Stripe, the browser goes to checkoutUrl. */
export const Checkout = Type.Object(
  {
    checkoutId: Type.String(),
    status: CheckoutStatus,
    checkoutUrl: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Checkout' },
);
export type Checkout = Static<typeof Checkout>;

export const PutPlanBody = Type.Object(
  { plan: PlanId, billingPeriod: BillingPeriodCode },
  { $id: 'PutPlanBody', additionalProperties: false },
);
export type PutPlanBody = Static<typeof PutPlanBody>;

export const PutAddOnsBody = Type.Object(
  { addOns: AddOnQuantities },
  { $id: 'PutAddOnsBody', additionalProperties: false },
);
export type PutAddOnsBody = Static<typeof PutAddOnsBody>;
