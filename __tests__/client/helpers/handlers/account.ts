import { http, HttpResponse } from 'msw';
import { entitlementsFor, type AddOnQuantity, type PlanId } from '../../../../src/shared/plans';
import { mockBackend, ok, unauthorizedBody } from './mockBackend';

const url = (path: string) => `${location.origin}/v1/accounts${path}`;
const unauthorized = () => HttpResponse.json(unauthorizedBody, { status: 401 });
const notOwner = () =>
  HttpResponse.json(
    { result: 'Unauthorized', message: 'Only the owner of this account can change its billing.' },
    { status: 403 },
  );

/** The server's side of the active team's account. */
export const accountBackend = {
  plan: 'free' as PlanId,
  billingPeriod: 0 as 0 | 1,
  addOns: [] as AddOnQuantity[],
  paymentProvider: 'none' as 'none' | 'stripe',
  accountName: '',
  billingEmail: '',
  usage: { ownedTeams: 1, totalTeams: 1, teamMembers: 1, projects: 1, agentActions: 0 },
  reset() {
    this.plan = 'free';
    this.billingPeriod = 0;
    this.addOns = [];
    this.paymentProvider = 'none';
    this.accountName = '';
    this.billingEmail = '';
    this.usage = { ownedTeams: 1, totalTeams: 1, teamMembers: 1, projects: 1, agentActions: 0 };
  },
  subscription() {
    const accountId = mockBackend.context.userContext.activeAccountId;
    return {
      plan: this.plan,
      billingPeriod: this.billingPeriod,
      addOns: this.addOns,
      status: 'active',
      entitlements: entitlementsFor(this.plan, this.addOns),
      usage: this.usage,
      accountId,
      accountName: this.accountName || accountId,
      billingEmail: this.billingEmail || accountId,
      paymentProvider: this.paymentProvider,
    };
  },
};

const isOwner = () => mockBackend.context.userContext.emailAddress === mockBackend.context.userContext.activeAccountId;
const withoutZeros = (addOns: AddOnQuantity[]) => addOns.filter((entry) => entry.quantity > 0);

export const accountHandlers = [
  http.get(url('/active/subscription'), () =>
    mockBackend.signedIn ? HttpResponse.json(ok(accountBackend.subscription())) : unauthorized(),
  ),
  http.put(url('/active'), async ({ request }) => {
    if (!isOwner()) return notOwner();
    const details = (await request.json()) as { accountName: string; billingEmail: string };
    accountBackend.accountName = details.accountName;
    accountBackend.billingEmail = details.billingEmail;
    return HttpResponse.json(ok(details));
  }),
  http.post(url('/active/checkout'), async ({ request }) => {
    if (!isOwner()) return notOwner();
    const purchase = (await request.json()) as { plan: PlanId; billingPeriod: 0 | 1; addOns: AddOnQuantity[] };
    if (accountBackend.paymentProvider === 'stripe') {
      return HttpResponse.json(
        ok({ checkoutId: 'checkout-1', status: 'open', checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_1' }),
      );
    }
    accountBackend.plan = purchase.plan;
    accountBackend.billingPeriod = purchase.billingPeriod;
    accountBackend.addOns = withoutZeros(purchase.addOns);
    return HttpResponse.json(ok({ checkoutId: 'checkout-1', status: 'completed', checkoutUrl: null }));
  }),
  http.put(url('/active/checkout'), async ({ request }) => {
    if (!isOwner()) return notOwner();
    const { checkoutId } = (await request.json()) as { checkoutId: string };
    accountBackend.plan = 'team';
    return HttpResponse.json(ok({ checkoutId, status: 'completed', checkoutUrl: null }));
  }),
  http.put(url('/active/plan'), async ({ request }) => {
    if (!isOwner()) return notOwner();
    const change = (await request.json()) as { plan: PlanId; billingPeriod: 0 | 1 };
    accountBackend.plan = change.plan;
    accountBackend.billingPeriod = change.billingPeriod;
    return HttpResponse.json(ok(accountBackend.subscription()));
  }),
  http.put(url('/active/plan/add-ons'), async ({ request }) => {
    if (!isOwner()) return notOwner();
    const { addOns } = (await request.json()) as { addOns: AddOnQuantity[] };
    accountBackend.addOns = withoutZeros(addOns);
    return HttpResponse.json(ok(accountBackend.subscription()));
  }),
  http.delete(url('/active/plan'), () => {
    if (!isOwner()) return notOwner();
    accountBackend.plan = 'free';
    accountBackend.billingPeriod = 0;
    accountBackend.addOns = [];
    return HttpResponse.json(ok(accountBackend.subscription()));
  }),
];
