import { randomUUID } from 'node:crypto';
import { agentActions } from '../../src/server/db/schema';
import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';
import { expectForbidden, expectQuotaLimit, invite, join, putPlan } from './helpers/members';
import { entitlementsFor, plans } from '../../src/shared/plans';

// Integration tests: many calls each, and the machine may be busy running other suites.
jest.setTimeout(30_000);

describe('account, plan and add-ons with no payment provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const subscription = async (cookie: string) => {
    const response = await call(t.app, 'GET', '/v1/accounts/active/subscription', { cookie });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  describe('GET /v1/accounts/active/subscription', () => {
    it('answers plan, entitlements and usage, never cached', async () => {
      const { cookie, context } = await signInAs(t.app, 'usage@example.com');
      const now = t.clock.now();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
      const action = (createdAt: Date) => ({
        id: randomUUID(),
        accountId: 'usage@example.com',
        teamId: context.activeTeam.id,
        userId: context.userContext.userId,
        kind: 'product-story',
        createdAt,
      });
      await t.app.db.insert(agentActions).values([action(now), action(now), action(lastMonth)]);
      await invite(t.app, cookie, 'usage-invitee@example.com');

      const response = await call(t.app, 'GET', '/v1/accounts/active/subscription', { cookie });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        result: 'Ok',
        data: {
          plan: 'free',
          billingPeriod: 0,
          addOns: [],
          status: 'active',
          entitlements: plans.free.entitlements,
          usage: { ownedTeams: 1, totalTeams: 1, teamMembers: 2, projects: 1, agentActions: 2 },
          accountId: 'usage@example.com',
          accountName: 'usage@example.com',
          billingEmail: 'usage@example.com',
          paymentProvider: 'none',
        },
      });
    });

    it('a member reads the active team’s account, with their own total of teams', async () => {
      const lead = await signInAs(t.app, 'sub-lead@example.com');
      await putPlan(t.app, lead.cookie, 'team');
      const member = await join(t.app, lead.cookie, 'sub-member@example.com');
      const seen = await subscription(member.cookie);
      expect(seen).toMatchObject({
        plan: 'team',
        accountId: 'sub-lead@example.com',
        entitlements: plans.team.entitlements,
        usage: { ownedTeams: 1, totalTeams: 1, teamMembers: 2, projects: 1 },
      });
    });
  });

  describe('PUT /v1/accounts/active', () => {
    it('the owner sets the account name and billing e-mail', async () => {
      const { cookie } = await signInAs(t.app, 'named@example.com');
      const response = await call(t.app, 'PUT', '/v1/accounts/active', {
        cookie,
        body: { accountName: ' Named Ltd ', billingEmail: 'Billing@Named.example' },
      });
      expect(response.json()).toEqual({
        result: 'Ok',
        data: { accountName: 'Named Ltd', billingEmail: 'billing@named.example' },
      });
      expect(await subscription(cookie)).toMatchObject({
        accountName: 'Named Ltd',
        billingEmail: 'billing@named.example',
      });
      const bad = await call(t.app, 'PUT', '/v1/accounts/active', {
        cookie,
        body: { accountName: 'x', billingEmail: 'nope' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('body.billingEmail');
    });

    it('anyone but the owner gets 403, Admin or not', async () => {
      const lead = await signInAs(t.app, 'acct-owner@example.com');
      await putPlan(t.app, lead.cookie, 'team');
      const admin = await join(t.app, lead.cookie, 'acct-admin@example.com', 0);
      const body = { accountName: 'Taken over', billingEmail: 'thief@example.com' };
      expectForbidden(await call(t.app, 'PUT', '/v1/accounts/active', { cookie: admin.cookie, body }));
      expect((await subscription(lead.cookie)).accountName).toBe('acct-owner@example.com');
    });
  });

  describe('checkout, plan changes and cancelling', () => {
    it('a checkout applies at once and can be confirmed again', async () => {
      const { cookie } = await signInAs(t.app, 'buyer@example.com');
      const addOns = [
        { addOn: 'extra-seat', quantity: 2 },
        { addOn: 'agent-actions-500', quantity: 0 },
      ];
      const started = await call(t.app, 'POST', '/v1/accounts/active/checkout', {
        cookie,
        body: { plan: 'team', billingPeriod: 1, addOns },
      });
      expect(started.statusCode).toBe(200);
      const checkout = started.json().data;
      expect(checkout).toEqual({ checkoutId: expect.any(String), status: 'completed', checkoutUrl: null });
      const after = await subscription(cookie);
      expect(after).toMatchObject({
        plan: 'team',
        billingPeriod: 1,
        addOns: [{ addOn: 'extra-seat', quantity: 2 }],
        entitlements: { ...plans.team.entitlements, maxTeamMembers: 12 },
      });
      const confirmed = await call(t.app, 'PUT', '/v1/accounts/active/checkout', {
        cookie,
        body: { checkoutId: checkout.checkoutId },
      });
      expect(confirmed.json().data).toEqual({
        checkoutId: checkout.checkoutId,
        status: 'completed',
        checkoutUrl: null,
      });
      const unknown = await call(t.app, 'PUT', '/v1/accounts/active/checkout', {
        cookie,
        body: { checkoutId: randomUUID() },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses a repeated add-on, an unknown plan or add-on, naming the field', async () => {
      const { cookie } = await signInAs(t.app, 'picky@example.com');
      const cases: [unknown, string][] = [
        [
          {
            plan: 'team',
            billingPeriod: 0,
            addOns: [
              { addOn: 'extra-seat', quantity: 1 },
              { addOn: 'extra-seat', quantity: 2 },
            ],
          },
          'body.addOns',
        ],
        [{ plan: 'enterprise', billingPeriod: 0, addOns: [] }, 'body.plan'],
        [{ plan: 'team', billingPeriod: 2, addOns: [] }, 'body.billingPeriod'],
        [{ plan: 'team', billingPeriod: 0, addOns: [{ addOn: 'gold', quantity: 1 }] }, 'body.addOns'],
        [{ plan: 'team', billingPeriod: 0, addOns: [{ addOn: 'extra-seat', quantity: -1 }] }, 'body.addOns'],
      ];
      for (const [body, field] of cases) {
        const response = await call(t.app, 'POST', '/v1/accounts/active/checkout', { cookie, body });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(field);
      }
      expect((await subscription(cookie)).plan).toBe('free');
    });

    it('changes plan and add-ons at once and answers the new subscription', async () => {
      const { cookie } = await signInAs(t.app, 'changer@example.com');
      const business = await call(t.app, 'PUT', '/v1/accounts/active/plan', {
        cookie,
        body: { plan: 'business', billingPeriod: 0 },
      });
      expect(business.json().data).toMatchObject({ plan: 'business', entitlements: plans.business.entitlements });
      const addOns = [
        { addOn: 'agent-actions-500', quantity: 3 },
        { addOn: 'extra-seat', quantity: 5 },
      ];
      const withAddOns = await call(t.app, 'PUT', '/v1/accounts/active/plan/add-ons', { cookie, body: { addOns } });
      expect(withAddOns.json().data).toMatchObject({
        plan: 'business',
        addOns: [
          { addOn: 'agent-actions-500', quantity: 3 },
          { addOn: 'extra-seat', quantity: 5 },
        ],
        entitlements: entitlementsFor('business', addOns),
      });
      expect(withAddOns.json().data.entitlements).toMatchObject({ maxTeamMembers: 105, maxAgentActions: 11500 });
      const annual = await call(t.app, 'PUT', '/v1/accounts/active/plan', {
        cookie,
        body: { plan: 'team', billingPeriod: 1 },
      });
      expect(annual.json().data).toMatchObject({
        plan: 'team',
        billingPeriod: 1,
        addOns: withAddOns.json().data.addOns,
      });
    });

    it('cancelling goes back to free: data over the limits stays readable, creating more is refused', async () => {
      const { cookie, context } = await signInAs(t.app, 'downgrader@example.com');
      await putPlan(t.app, cookie, 'team');
      await call(t.app, 'PUT', '/v1/accounts/active/plan/add-ons', {
        cookie,
        body: { addOns: [{ addOn: 'extra-seat', quantity: 1 }] },
      });
      for (const n of [1, 2, 3, 4]) await invite(t.app, cookie, `seat${n}@downgrader.example`);
      const second = (await call(t.app, 'POST', '/v1/teams', { cookie, body: { teamName: 'Second' } })).json().data;
      await call(t.app, 'PUT', '/v1/users/active/active-team', {
        cookie,
        body: { newActiveTeamIdentity: context.activeTeam.id },
      });

      const cancelled = await call(t.app, 'DELETE', '/v1/accounts/active/plan', { cookie });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data).toMatchObject({
        plan: 'free',
        billingPeriod: 0,
        addOns: [],
        entitlements: plans.free.entitlements,
        usage: { ownedTeams: 2, teamMembers: 5 },
      });
      // Over the limits and still readable …
      expect((await call(t.app, 'GET', '/v1/teams/active', { cookie })).json().data.invitedTeamMembers).toHaveLength(4);
      const switched = await call(t.app, 'PUT', '/v1/users/active/active-team', {
        cookie,
        body: { newActiveTeamIdentity: second.activeTeam.id },
      });
      expect(switched.statusCode).toBe(200);
      // … but nothing more can be created.
      expectQuotaLimit(await call(t.app, 'POST', '/v1/teams', { cookie, body: { teamName: 'Third' } }), 'owned-team');
      await call(t.app, 'PUT', '/v1/users/active/active-team', {
        cookie,
        body: { newActiveTeamIdentity: context.activeTeam.id },
      });
      expectQuotaLimit(
        await call(t.app, 'POST', '/v1/teams/active/members', {
          cookie,
          body: { emailAddress: 'seat5@downgrader.example', role: 1 },
        }),
        'team-members',
      );
    });

    it('PUT plan with the free plan is the same as cancelling', async () => {
      const { cookie } = await signInAs(t.app, 'to-free@example.com');
      await putPlan(t.app, cookie, 'business', 1);
      const free = await putPlan(t.app, cookie, 'free', 1);
      expect(free).toMatchObject({ plan: 'free', billingPeriod: 0, addOns: [] });
    });

    it('only the account owner changes billing; the rest of the team may read it', async () => {
      const lead = await signInAs(t.app, 'billing-owner@example.com');
      await putPlan(t.app, lead.cookie, 'team');
      const admin = await join(t.app, lead.cookie, 'billing-admin@example.com', 0);
      const editor = await join(t.app, lead.cookie, 'billing-editor@example.com', 1);
      for (const cookie of [admin.cookie, editor.cookie]) {
        expect((await subscription(cookie)).plan).toBe('team');
        expectForbidden(
          await call(t.app, 'POST', '/v1/accounts/active/checkout', {
            cookie,
            body: { plan: 'business', billingPeriod: 0, addOns: [] },
          }),
        );
        expectForbidden(
          await call(t.app, 'PUT', '/v1/accounts/active/plan', {
            cookie,
            body: { plan: 'business', billingPeriod: 0 },
          }),
        );
        expectForbidden(await call(t.app, 'PUT', '/v1/accounts/active/plan/add-ons', { cookie, body: { addOns: [] } }));
        expectForbidden(await call(t.app, 'DELETE', '/v1/accounts/active/plan', { cookie }));
        // The 403 does not end the session.
        expect((await call(t.app, 'GET', '/v1/auth/validate', { cookie })).statusCode).toBe(200);
      }
      expect((await subscription(lead.cookie)).plan).toBe('team');
    });
  });
});
