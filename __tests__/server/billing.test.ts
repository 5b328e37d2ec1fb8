import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { accounts, billingEvents, checkouts } from '../../src/server/db/schema';
import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';
import { FakeStripe } from './helpers/fakeStripe';
import { plans } from '../../src/shared/plans';

// Integration tests: many calls each, and the machine may be busy running other suites.
jest.setTimeout(30_000);

const WEBHOOK_SECRET = 'whsec_baton_test_signing_secret';

describe('payments through Stripe', () => {
  const stripe = new FakeStripe();
  let t: TestApp;
  let eventNumber = 0;
  beforeAll(async () => {
    const apiBase = await stripe.start();
    t = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_baton',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: apiBase,
      PUBLIC_URL: 'http://localhost:3000',
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });

  /** An event as Stripe sends it (API shape), around an object. */
  const event = (type: string, object: unknown, id = `evt_test_${++eventNumber}`) => ({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(t.clock.now().getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });

  /** Delivers an event the way Stripe does: the raw JSON, signed with the endpoint's secret. */
  const deliver = (body: unknown, options: { secret?: string; signature?: string | null; payload?: string } = {}) => {
    const payload = options.payload ?? JSON.stringify(body);
    const signature =
      options.signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? WEBHOOK_SECRET,
            timestamp: Math.floor(t.clock.now().getTime() / 1000),
          })
        : options.signature;
    return t.app.inject({
      method: 'POST',
      url: '/v1/billing/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  };

  const subscription = async (cookie: string) =>
    (await call(t.app, 'GET', '/v1/accounts/active/subscription', { cookie })).json().data;
  const accountRow = async (id: string) => (await t.app.db.select().from(accounts).where(eq(accounts.id, id)))[0];

  /** Starts a Stripe checkout for the signed-in owner and answers it with the Checkout Session Stripe made. */
  async function startCheckout(cookie: string, body: unknown) {
    const response = await call(t.app, 'POST', '/v1/accounts/active/checkout', { cookie, body });
    expect(response.statusCode).toBe(200);
    const checkout = response.json().data;
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === checkout.checkoutId);
    if (!session) throw new Error('Stripe saw no Checkout Session');
    return { checkout, session };
  }

  /** Subscribes an owner: checkout, payment on Stripe's page, then the completed-session webhook. */
  async function subscribe(emailAddress: string, plan = 'team') {
    const { cookie } = await signInAs(t.app, emailAddress);
    const { checkout, session } = await startCheckout(cookie, { plan, billingPeriod: 0, addOns: [] });
    const subscriptionId = `sub_${emailAddress.split('@')[0]}`;
    const paid = stripe.completeSession(session.id, {
      customer: `cus_${emailAddress.split('@')[0]}`,
      subscription: subscriptionId,
    });
    expect((await deliver(event('checkout.session.completed', paid))).statusCode).toBe(200);
    return { cookie, checkout, subscriptionId };
  }

  it('a checkout creates a Stripe Checkout Session with the catalogue’s prices and changes nothing yet', async () => {
    const { cookie } = await signInAs(t.app, 'stripe-buyer@example.com');
    const { checkout, session } = await startCheckout(cookie, {
      plan: 'team',
      billingPeriod: 1,
      addOns: [{ addOn: 'extra-seat', quantity: 2 }],
    });
    expect(checkout).toEqual({ checkoutId: expect.any(String), status: 'open', checkoutUrl: session.url });
    expect(checkout.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const created = stripe.requestsTo('POST', '/v1/prices').map((r) => r.params);
    expect(created).toEqual([
      expect.objectContaining({
        currency: 'usd',
        unit_amount: String(Math.round(2400 * 12 * 0.8)),
        'recurring[interval]': 'year',
        lookup_key: 'baton_team_year_23040',
        'product_data[name]': 'Baton Team',
      }),
      expect.objectContaining({ unit_amount: String(600 * 12 * 0.8), lookup_key: 'baton_extra-seat_year_5760' }),
    ]);
    const [create] = stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(create?.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: checkout.checkoutId,
      customer_email: 'stripe-buyer@example.com',
      'line_items[0][quantity]': '1',
      'line_items[1][quantity]': '2',
      success_url: `http://localhost:3000/settings/account?checkoutId=${checkout.checkoutId}`,
      cancel_url: 'http://localhost:3000/settings/account',
    });
    expect(create?.idempotencyKey).toBe(`baton-checkout-${checkout.checkoutId}`);
    expect(await subscription(cookie)).toMatchObject({ plan: 'free', paymentProvider: 'stripe' });

    // A second checkout reuses the prices Stripe already has (found by lookup key).
    const { cookie: other } = await signInAs(t.app, 'stripe-buyer2@example.com');
    await startCheckout(other, { plan: 'team', billingPeriod: 1, addOns: [] });
    expect(stripe.requestsTo('POST', '/v1/prices')).toHaveLength(2);
  });

  it('refuses a webhook whose signature is wrong or missing, and applies nothing', async () => {
    const { cookie } = await signInAs(t.app, 'forger@example.com');
    const { session } = await startCheckout(cookie, { plan: 'business', billingPeriod: 0, addOns: [] });
    const paid = stripe.completeSession(session.id, { customer: 'cus_forger', subscription: 'sub_forger' });
    const body = event('checkout.session.completed', paid);
    const attempts = [
      await deliver(body, { secret: 'whsec_someone_else' }),
      await deliver(body, { signature: null }),
      await deliver(body, { signature: 't=1,v1=deadbeef' }),
      // Signed, then tampered with: the signature covers the exact bytes.
      await deliver(body, {
        signature: Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(body), secret: WEBHOOK_SECRET }),
        payload: JSON.stringify({ ...body, id: 'evt_other' }),
      }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        result: 'InvalidRequest',
        message: 'The Stripe signature does not match this payload.',
      });
    }
    // Too old: outside the SDK's five-minute tolerance.
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(body),
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(t.clock.now().getTime() / 1000) - 600,
    });
    expect((await deliver(body, { signature: stale })).statusCode).toBe(400);
    expect(await subscription(cookie)).toMatchObject({ plan: 'free' });
    expect(await t.app.db.select().from(billingEvents).where(eq(billingEvents.id, body.id))).toEqual([]);
  });

  it('applies a completed checkout once, even when Stripe delivers the event again', async () => {
    const { cookie } = await signInAs(t.app, 'once@example.com');
    const { checkout, session } = await startCheckout(cookie, {
      plan: 'team',
      billingPeriod: 0,
      addOns: [{ addOn: 'agent-actions-500', quantity: 1 }],
    });
    const paid = stripe.completeSession(session.id, { customer: 'cus_once', subscription: 'sub_once' });
    const completed = event('checkout.session.completed', paid);
    const first = await deliver(completed);
    expect(first.json()).toEqual({ result: 'Ok' });
    expect(await subscription(cookie)).toMatchObject({
      plan: 'team',
      addOns: [{ addOn: 'agent-actions-500', quantity: 1 }],
      entitlements: { ...plans.team.entitlements, maxAgentActions: 1500 },
    });
    expect(await accountRow('once@example.com')).toMatchObject({
      stripeCustomerId: 'cus_once',
      stripeSubscriptionId: 'sub_once',
    });

    // The owner moves to Business; a replay of the old event must not take them back to Team.
    const changed = await call(t.app, 'PUT', '/v1/accounts/active/plan', {
      cookie,
      body: { plan: 'business', billingPeriod: 0 },
    });
    expect(changed.json().data.plan).toBe('business');
    const replay = await deliver(completed);
    expect(replay.statusCode).toBe(200);
    expect((await subscription(cookie)).plan).toBe('business');
    expect(await t.app.db.select().from(billingEvents).where(eq(billingEvents.id, completed.id))).toHaveLength(1);
    const [row] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, checkout.checkoutId));
    expect(row?.status).toBe('completed');
  });

  it('confirms a checkout when the browser returns, asking Stripe how it ended', async () => {
    const { cookie } = await signInAs(t.app, 'returner@example.com');
    const { checkout, session } = await startCheckout(cookie, { plan: 'business', billingPeriod: 1, addOns: [] });
    const open = await call(t.app, 'PUT', '/v1/accounts/active/checkout', {
      cookie,
      body: { checkoutId: checkout.checkoutId },
    });
    expect(open.json().data).toEqual({ checkoutId: checkout.checkoutId, status: 'open', checkoutUrl: session.url });
    stripe.completeSession(session.id, { customer: 'cus_returner', subscription: 'sub_returner' });
    const done = await call(t.app, 'PUT', '/v1/accounts/active/checkout', {
      cookie,
      body: { checkoutId: checkout.checkoutId },
    });
    expect(done.json().data).toEqual({ checkoutId: checkout.checkoutId, status: 'completed', checkoutUrl: null });
    expect(await subscription(cookie)).toMatchObject({ plan: 'business', billingPeriod: 1 });
    expect(stripe.requestsTo('GET', `/v1/checkout/sessions/${session.id}`)).toHaveLength(2);
    // The webhook arriving afterwards changes nothing.
    const late = await deliver(event('checkout.session.completed', stripe.sessions.get(session.id)));
    expect(late.statusCode).toBe(200);
    expect(await accountRow('returner@example.com')).toMatchObject({
      plan: 'business',
      stripeSubscriptionId: 'sub_returner',
    });
  });

  it('a new checkout closes the open one on Stripe, so only one can be paid', async () => {
    const { cookie } = await signInAs(t.app, 'hesitant@example.com');
    const first = await startCheckout(cookie, { plan: 'team', billingPeriod: 0, addOns: [] });
    const second = await startCheckout(cookie, { plan: 'business', billingPeriod: 0, addOns: [] });
    expect(stripe.requestsTo('POST', `/v1/checkout/sessions/${first.session.id}/expire`)).toHaveLength(1);
    expect(first.session.status).toBe('expired');
    const confirmed = await call(t.app, 'PUT', '/v1/accounts/active/checkout', {
      cookie,
      body: { checkoutId: first.checkout.checkoutId },
    });
    expect(confirmed.json().data.status).toBe('expired');
    expect(second.session.status).toBe('open');
  });

  it('a checkout already paid is applied when another is started, and the new one refused', async () => {
    const { cookie } = await signInAs(t.app, 'quick-payer@example.com');
    const first = await startCheckout(cookie, { plan: 'team', billingPeriod: 0, addOns: [] });
    stripe.completeSession(first.session.id, { customer: 'cus_quick', subscription: 'sub_quick' });
    const again = await call(t.app, 'POST', '/v1/accounts/active/checkout', {
      cookie,
      body: { plan: 'business', billingPeriod: 0, addOns: [] },
    });
    expect(again.statusCode).toBe(409);
    expect(await subscription(cookie)).toMatchObject({ plan: 'team' });
    expect((await accountRow('quick-payer@example.com'))?.stripeSubscriptionId).toBe('sub_quick');
  });

  it('when Stripe refuses to open a Checkout Session, the checkout can never complete', async () => {
    const { cookie } = await signInAs(t.app, 'unlucky@example.com');
    stripe.failNext = true;
    const response = await call(t.app, 'POST', '/v1/accounts/active/checkout', {
      cookie,
      body: { plan: 'team', billingPeriod: 0, addOns: [] },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ result: 'Failed', message: 'Sorry, there was a problem.' });
    const rows = await t.app.db.select().from(checkouts).where(eq(checkouts.accountId, 'unlucky@example.com'));
    expect(rows.map((row) => row.status)).toEqual(['expired']);
    const confirmed = await call(t.app, 'PUT', '/v1/accounts/active/checkout', {
      cookie,
      body: { checkoutId: rows[0]?.id },
    });
    expect(confirmed.json().data.status).toBe('expired');
    expect((await subscription(cookie)).plan).toBe('free');
  });

  it('an expired Checkout Session closes the checkout', async () => {
    const { cookie } = await signInAs(t.app, 'dawdler@example.com');
    const { checkout, session } = await startCheckout(cookie, { plan: 'team', billingPeriod: 0, addOns: [] });
    session.status = 'expired';
    session.url = null;
    expect((await deliver(event('checkout.session.expired', session))).statusCode).toBe(200);
    const confirmed = await call(t.app, 'PUT', '/v1/accounts/active/checkout', {
      cookie,
      body: { checkoutId: checkout.checkoutId },
    });
    expect(confirmed.json().data.status).toBe('expired');
    expect((await subscription(cookie)).plan).toBe('free');
  });

  it('changes the running subscription’s items for a plan or add-on change', async () => {
    const { cookie, subscriptionId } = await subscribe('upgrader@example.com');
    const before = stripe.subscriptions.get(subscriptionId)?.items.map((item) => item.id) ?? [];
    expect(before).toHaveLength(1);
    const response = await call(t.app, 'PUT', '/v1/accounts/active/plan/add-ons', {
      cookie,
      body: { addOns: [{ addOn: 'extra-seat', quantity: 4 }] },
    });
    expect(response.json().data).toMatchObject({ plan: 'team', entitlements: { maxTeamMembers: 14 } });
    const [update] = stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(update?.params).toMatchObject({
      'items[0][id]': before[0],
      'items[0][deleted]': 'true',
      'items[2][quantity]': '4',
      proration_behavior: 'create_prorations',
    });
    const items = stripe.subscriptions.get(subscriptionId)?.items ?? [];
    expect(items.map((item) => item.quantity)).toEqual([1, 4]);
    const teamPrice = [...stripe.prices.values()].find((price) => price.lookup_key === 'baton_team_month_2400');
    expect(items[0]?.price).toBe(teamPrice?.id);
  });

  it('without a subscription, a paid plan or add-on change needs a checkout; a second checkout is refused', async () => {
    const { cookie } = await signInAs(t.app, 'no-sub@example.com');
    for (const [url, body] of [
      ['/v1/accounts/active/plan', { plan: 'team', billingPeriod: 0 }],
      ['/v1/accounts/active/plan/add-ons', { addOns: [{ addOn: 'extra-seat', quantity: 1 }] }],
    ] as const) {
      const response = await call(t.app, 'PUT', url, { cookie, body });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/start a checkout/);
    }
    const subscribed = await subscribe('has-sub@example.com');
    const again = await call(t.app, 'POST', '/v1/accounts/active/checkout', {
      cookie: subscribed.cookie,
      body: { plan: 'business', billingPeriod: 0, addOns: [] },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a checkout with nothing to pay applies at once without Stripe', async () => {
    const { cookie } = await signInAs(t.app, 'free-again@example.com');
    const sessionsBefore = stripe.sessions.size;
    const response = await call(t.app, 'POST', '/v1/accounts/active/checkout', {
      cookie,
      body: { plan: 'free', billingPeriod: 0, addOns: [] },
    });
    expect(response.json().data).toMatchObject({ status: 'completed', checkoutUrl: null });
    expect(stripe.sessions.size).toBe(sessionsBefore);
  });

  it('follows the subscription’s status, and its deletion returns the account to free', async () => {
    const { cookie, subscriptionId } = await subscribe('lapsed@example.com', 'business');
    const object = { id: subscriptionId, object: 'subscription', status: 'past_due', customer: 'cus_lapsed' };
    expect((await deliver(event('customer.subscription.updated', object))).statusCode).toBe(200);
    expect(await subscription(cookie)).toMatchObject({ plan: 'business', status: 'past_due' });
    const deleted = { ...object, status: 'canceled' };
    expect((await deliver(event('customer.subscription.deleted', deleted))).statusCode).toBe(200);
    expect(await subscription(cookie)).toMatchObject({ plan: 'free', addOns: [], status: 'active' });
    expect((await accountRow('lapsed@example.com'))?.stripeSubscriptionId).toBeNull();
    // Events Baton does not act on are acknowledged and recorded.
    const other = event('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect((await deliver(other)).statusCode).toBe(200);
    expect(await t.app.db.select().from(billingEvents).where(eq(billingEvents.id, other.id))).toHaveLength(1);
  });

  it('cancelling cancels the Stripe subscription and goes back to free at once', async () => {
    const { cookie, subscriptionId } = await subscribe('canceller@example.com');
    const response = await call(t.app, 'DELETE', '/v1/accounts/active/plan', { cookie });
    expect(response.json().data).toMatchObject({ plan: 'free', entitlements: plans.free.entitlements });
    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
  });

  it('keeps the Stripe customer’s e-mail and name in step with the account', async () => {
    const { cookie } = await subscribe('renamer@example.com');
    await call(t.app, 'PUT', '/v1/accounts/active', {
      cookie,
      body: { accountName: 'Renamer Inc', billingEmail: 'ap@renamer.example' },
    });
    const [update] = stripe.requestsTo('POST', '/v1/customers/cus_renamer');
    expect(update?.params).toEqual({ email: 'ap@renamer.example', name: 'Renamer Inc' });
  });

  it('answers the webhook NotFound when Stripe is not configured', async () => {
    const plain = await buildTestApp();
    try {
      const payload = JSON.stringify(event('checkout.session.completed', {}));
      const response = await plain.app.inject({
        method: 'POST',
        url: '/v1/billing/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
