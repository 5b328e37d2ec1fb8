import { eq, inArray } from 'drizzle-orm';
import { accounts, users } from '../../src/server/db/schema';
import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';
import { expectForbidden, invite, join, putPlan } from './helpers/members';
import { createItem } from './helpers/planning';
import { AgentKinds } from '../../src/shared/contract/agent';
import { draftOperationSuffix, draftScopeOf } from '../../src/shared/contract/agentDrafts';

// Integration tests: many calls each, and the machine may be busy running other suites.
jest.setTimeout(30_000);

/**
 * The role × route matrix: every route of the userAndTeam, account, agent and contextItems groups, called by the account
 * owner (an Admin of their team), another Admin and an Editor. Who may call it:
 *   everyone  any member (planning data, switching and creating teams, reading the subscription)
 *   admins    Admins only (team name, members, roles, invites) — Editors get 403
 *   owner     the account owner only (billing) — every other member gets 403, Admin or not
 */
type Who = 'everyone' | 'admins' | 'owner';
type Actor = 'owner' | 'admin' | 'editor';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Row {
  who: Who;
  method: Method;
  /** Builds the call; may first prepare what it acts on (a fresh invite, a fresh member). */
  request(actor: Actor): Promise<{ url: string; body?: unknown }>;
}

const allowed: Record<Who, Actor[]> = {
  everyone: ['owner', 'admin', 'editor'],
  admins: ['owner', 'admin'],
  owner: ['owner'],
};

describe('role × route matrix', () => {
  let t: TestApp;
  let teamId: string;
  let projectId: string;
  const cookies = {} as Record<Actor | 'host', string>;
  let serial = 0;
  const unique = (prefix: string) => `${prefix}-${++serial}@matrix.example`;

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await signInAs(t.app, 'owner@matrix.example');
    teamId = owner.context.activeTeam.id;
    projectId = owner.context.availableProjects[0].id;
    cookies.owner = owner.cookie;
    await putPlan(t.app, owner.cookie, 'business');
    cookies.admin = (await join(t.app, owner.cookie, 'admin@matrix.example', 0)).cookie;
    cookies.editor = (await join(t.app, owner.cookie, 'editor@matrix.example', 1)).cookie;
    const host = await signInAs(t.app, 'host@matrix.example'); // another team, for invites to accept
    cookies.host = host.cookie;
    await putPlan(t.app, host.cookie, 'business');
  });
  afterAll(() => t.close());

  /** After each call: everyone back in the matrix team, the account back on Business (read first: most calls change neither). */
  afterEach(async () => {
    const emails = { owner: 'owner@matrix.example', admin: 'admin@matrix.example', editor: 'editor@matrix.example' };
    const activeTeams = new Map(
      (
        await t.app.db
          .select({ emailAddress: users.emailAddress, activeTeamId: users.activeTeamId })
          .from(users)
          .where(inArray(users.emailAddress, Object.values(emails)))
      ).map((user) => [user.emailAddress, user.activeTeamId]),
    );
    for (const actor of ['owner', 'admin', 'editor'] as const) {
      if (activeTeams.get(emails[actor]) === teamId) continue;
      const back = await call(t.app, 'PUT', '/v1/users/active/active-team', {
        cookie: cookies[actor],
        body: { newActiveTeamIdentity: teamId },
      });
      expect(back.statusCode).toBe(200);
    }
    const [account] = await t.app.db
      .select({ plan: accounts.plan, billingPeriod: accounts.billingPeriod })
      .from(accounts)
      .where(eq(accounts.id, emails.owner));
    if (account?.plan !== 'business' || account.billingPeriod !== 0) await putPlan(t.app, cookies.owner, 'business');
  });

  const freshMember = async () => (await join(t.app, cookies.owner, unique('member'))).userId;

  const matrix: Record<string, Row> = {
    getCoreApplicationContext: {
      who: 'everyone',
      method: 'GET',
      request: async () => ({ url: '/v1/user/core-application-context' }),
    },
    putAppSettings: {
      who: 'everyone',
      method: 'PUT',
      request: async () => ({ url: '/v1/user/app-settings', body: { appSettings: { theme: 'dark' } } }),
    },
    getActiveTeam: { who: 'everyone', method: 'GET', request: async () => ({ url: '/v1/teams/active' }) },
    createTeam: {
      who: 'everyone',
      method: 'POST',
      request: async (actor) => ({ url: '/v1/teams', body: { teamName: `${actor}'s side team` } }),
    },
    putActiveTeam: {
      who: 'everyone',
      method: 'PUT',
      request: async () => ({ url: '/v1/users/active/active-team', body: { newActiveTeamIdentity: teamId } }),
    },
    acceptInvite: {
      who: 'everyone',
      method: 'POST',
      request: async (actor) => ({
        url: '/v1/users/active/accept-invite',
        body: { inviteCode: await invite(t.app, cookies.host, `${actor}@matrix.example`) },
      }),
    },
    putTeamName: {
      who: 'admins',
      method: 'PUT',
      request: async (actor) => ({ url: '/v1/teams/active/name', body: { newTeamName: `Named by ${actor}` } }),
    },
    putFirstRunExperience: {
      who: 'everyone',
      method: 'PUT',
      request: async () => ({
        url: '/v1/teams/active/first-run-experience',
        body: { firstRunExperienceState: { dismissed: true, completedSteps: [] } },
      }),
    },
    putGoToMarketPlan: {
      who: 'admins',
      method: 'PUT',
      request: async (actor) => ({
        url: '/v1/teams/active/go-to-market-plan',
        body: { goToMarketPlan: { by: actor } },
      }),
    },
    putGlobalTeamData: {
      who: 'admins',
      method: 'PUT',
      request: async (actor) => ({ url: '/v1/teams/active/global-team-data', body: { globalTeamData: { by: actor } } }),
    },
    putTestCommand: {
      who: 'admins',
      method: 'PUT',
      request: async () => ({ url: '/v1/teams/active/test-command', body: { testCommand: 'npm run test:ci' } }),
    },
    inviteTeamMember: {
      who: 'admins',
      method: 'POST',
      request: async () => ({ url: '/v1/teams/active/members', body: { emailAddress: unique('invitee'), role: 1 } }),
    },
    revokeTeamInvite: {
      who: 'admins',
      method: 'DELETE',
      request: async () => {
        const emailAddress = unique('revokee');
        const inviteCode = await invite(t.app, cookies.owner, emailAddress);
        return { url: '/v1/teams/active/members/invites', body: { inviteReference: { inviteCode, emailAddress } } };
      },
    },
    removeTeamMember: {
      who: 'admins',
      method: 'DELETE',
      request: async () => ({ url: `/v1/teams/active/members/${await freshMember()}` }),
    },
    putTeamMemberRole: {
      who: 'admins',
      method: 'PUT',
      request: async () => ({ url: `/v1/teams/active/members/${await freshMember()}/role`, body: { newRole: 0 } }),
    },
    getSubscription: {
      who: 'everyone',
      method: 'GET',
      request: async () => ({ url: '/v1/accounts/active/subscription' }),
    },
    putAccount: {
      who: 'owner',
      method: 'PUT',
      request: async () => ({
        url: '/v1/accounts/active',
        body: { accountName: 'Matrix Ltd', billingEmail: 'billing@matrix.example' },
      }),
    },
    startCheckout: {
      who: 'owner',
      method: 'POST',
      request: async () => ({
        url: '/v1/accounts/active/checkout',
        body: { plan: 'business', billingPeriod: 1, addOns: [{ addOn: 'extra-seat', quantity: 1 }] },
      }),
    },
    completeCheckout: {
      who: 'owner',
      method: 'PUT',
      request: async () => {
        const started = await call(t.app, 'POST', '/v1/accounts/active/checkout', {
          cookie: cookies.owner,
          body: { plan: 'business', billingPeriod: 0, addOns: [] },
        });
        return { url: '/v1/accounts/active/checkout', body: { checkoutId: started.json().data.checkoutId } };
      },
    },
    putPlan: {
      who: 'owner',
      method: 'PUT',
      request: async () => ({ url: '/v1/accounts/active/plan', body: { plan: 'team', billingPeriod: 1 } }),
    },
    putAddOns: {
      who: 'owner',
      method: 'PUT',
      request: async () => ({
        url: '/v1/accounts/active/plan/add-ons',
        body: { addOns: [{ addOn: 'agent-actions-500', quantity: 2 }] },
      }),
    },
    cancelPlan: { who: 'owner', method: 'DELETE', request: async () => ({ url: '/v1/accounts/active/plan' }) },
  };

  // The agent group: drafts and generation for every member, the provider settings for Admins.
  let matrixItemId: string | undefined;
  const matrixItem = async () =>
    (matrixItemId ??= (
      await createItem(t.app, cookies.owner, projectId, { item: { description: 'Split me\n- one\n- two' } })
    ).id);
  for (const kind of AgentKinds) {
    const perItem = draftScopeOf(kind) === 'item';
    matrix[`getAgent${draftOperationSuffix(kind)}`] = {
      who: 'everyone',
      method: 'GET',
      request: async () => ({ url: perItem ? `/v1/agent/${kind}/${await matrixItem()}` : `/v1/agent/${kind}` }),
    };
    matrix[`putAgent${draftOperationSuffix(kind)}`] = {
      who: 'everyone',
      method: 'PUT',
      request: async (actor) => ({
        url: `/v1/agent/${kind}`,
        body: {
          ...(perItem ? { itemId: await matrixItem() } : {}),
          step: null,
          inputModel: { by: actor },
          content: {},
        },
      }),
    };
  }
  matrix.generateAgentContent = {
    who: 'everyone',
    method: 'POST',
    request: async () => ({
      url: '/v1/agent/product-story/generate',
      body: { contentId: 'story', itemId: null, inputModel: { description: 'Matrix' } },
    }),
  };
  matrix.getAgentProvider = { who: 'admins', method: 'GET', request: async () => ({ url: '/v1/agent/provider' }) };

  // Context items: shared background every member reads and writes.
  const C = '/v1/teams/active/context-items';
  const newContextItem = async (title: string) =>
    (await call(t.app, 'POST', C, { cookie: cookies.owner, body: { title, body: '' } })).json().data.id as string;
  matrix.createContextItem = {
    who: 'everyone',
    method: 'POST',
    request: async (actor) => ({ url: C, body: { title: `Written by ${actor}`, body: 'Markdown' } }),
  };
  matrix.listContextItems = { who: 'everyone', method: 'GET', request: async () => ({ url: C }) };
  matrix.getContextItem = {
    who: 'everyone',
    method: 'GET',
    request: async () => ({ url: `${C}/${await newContextItem('Read me')}` }),
  };
  matrix.putContextItem = {
    who: 'everyone',
    method: 'PUT',
    request: async (actor) => ({
      url: `${C}/${await newContextItem('Edit me')}`,
      body: { title: `Edited by ${actor}`, body: '' },
    }),
  };
  matrix.deleteContextItem = {
    who: 'everyone',
    method: 'DELETE',
    request: async () => ({ url: `${C}/${await newContextItem('Delete me')}` }),
  };
  matrix.getParentContexts = {
    who: 'everyone',
    method: 'GET',
    request: async () => ({ url: `/v1/teams/active/project-items/${await matrixItem()}/parent-contexts` }),
  };

  it('covers every route of the userAndTeam, account, agent and contextItems groups', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const operations: string[] = [];
    for (const pathItem of Object.values(document.paths) as Record<
      string,
      { operationId: string; tags?: string[] }
    >[]) {
      for (const operation of Object.values(pathItem)) {
        if (operation.tags?.some((tag) => ['userAndTeam', 'account', 'agent', 'contextItems'].includes(tag)))
          operations.push(operation.operationId);
      }
    }
    expect(operations.sort()).toEqual(Object.keys(matrix).sort());
  });

  const cases = Object.entries(matrix).flatMap(([operationId, row]) =>
    (['owner', 'admin', 'editor'] as const).map((actor) => [operationId, actor, row] as const),
  );

  it.each(cases)('%s by the %s', async (_operationId, actor, row) => {
    const { url, body } = await row.request(actor);
    const response = await call(t.app, row.method, url, { cookie: cookies[actor], body });
    if (allowed[row.who].includes(actor)) {
      expect({ status: response.statusCode, body: response.json() }).toMatchObject({
        status: 200,
        body: { result: 'Ok' },
      });
    } else {
      expectForbidden(response);
      // A 403 leaves the session alone (a 401 would log the user out).
      expect((await call(t.app, 'GET', '/v1/auth/validate', { cookie: cookies[actor] })).statusCode).toBe(200);
    }
  });

  it('what an Editor was refused left the team as it was', async () => {
    const team = (await call(t.app, 'GET', '/v1/teams/active', { cookie: cookies.owner })).json().data;
    expect(team.teamName).not.toBe('Named by editor');
    const subscription = (
      await call(t.app, 'GET', '/v1/accounts/active/subscription', { cookie: cookies.owner })
    ).json().data;
    expect(subscription.accountName).toBe('Matrix Ltd'); // set by the owner's row, not the others'
    expect(team.teamMemberships.map((m: { memberEmailAddress: string }) => m.memberEmailAddress)).toEqual(
      expect.arrayContaining(['owner@matrix.example', 'admin@matrix.example', 'editor@matrix.example']),
    );
  });
});
