import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, inWeek, teamUser } from './helpers/planning';
import { join } from './helpers/members';
import { appKeyPair, FakeGithub } from './helpers/fakeGithub';

jest.setTimeout(30_000);

const keys = appKeyPair();
const G = '/v1/teams/active/github';
const SEND = '/v1/teams/active/project-items/send-to-agent';
const OCTOCAT = { id: 583231, login: 'octocat' };
const HUBOT = { id: 1, login: 'hubot' };

/**
 * Each member's own GitHub authorization (the app's OAuth web flow), and the hand-offs made with it:
 * Copilot by assignment with `agent_assignment`, Cursor by an `@cursor` comment, both as the sender.
 */
describe('GitHub user authorization and the Copilot and Cursor hand-offs', () => {
  let t: TestApp;
  let github: FakeGithub;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  let editor: Awaited<ReturnType<typeof join>>;

  beforeAll(async () => {
    github = new FakeGithub('6060', keys.publicKeyPem, { clientId: 'Iv1.u', clientSecret: 'u-secret' });
    github.addInstallation({
      id: 61,
      account: { login: 'acme', type: 'Organization' },
      repositories: [{ full_name: 'acme/shop', default_branch: 'main', private: true }],
    });
    github.copilotRepositories.add('acme/shop');
    const apiUrl = await github.start();
    t = await buildTestApp({
      GITHUB_APP_ID: '6060',
      GITHUB_APP_SLUG: 'baton-users',
      GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem,
      GITHUB_WEBHOOK_SECRET: 'whs-u',
      GITHUB_APP_CLIENT_ID: 'Iv1.u',
      GITHUB_APP_CLIENT_SECRET: 'u-secret',
      GITHUB_API_URL: apiUrl,
      GITHUB_WEB_URL: apiUrl,
      GITHUB_TIMEOUT_SECONDS: '1',
      PUBLIC_URL: 'http://localhost:3000',
    });
    owner = await teamUser(t.app, 'users-owner@example.com');
    // The Admin installs as hubot; the same redirect authorizes the app for them.
    const started = await call(t.app, 'POST', `${G}/app/install`, { cookie: owner.cookie });
    const state = new URL(started.json().data.installUrl).searchParams.get('state')!;
    const installed = await call(t.app, 'PUT', `${G}/app/install`, {
      cookie: owner.cookie,
      body: { installationId: 61, state, code: github.issueCode([61], HUBOT) },
    });
    expect(installed.json().data.user).toEqual({ login: 'hubot' });
    await call(t.app, 'PUT', `${G}/repository`, { cookie: owner.cookie, body: { repository: 'acme/shop' } });
    editor = await join(t.app, owner.cookie, 'users-editor@example.com');
  });
  afterAll(async () => {
    await t.close();
    await github.stop();
  });

  async function authorize(cookie: string, user = OCTOCAT) {
    const started = await call(t.app, 'POST', `${G}/user-authorization`, { cookie });
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().data.authorizeUrl);
    const state = url.searchParams.get('state')!;
    return call(t.app, 'PUT', `${G}/user-authorization`, {
      cookie,
      body: { state, code: github.issueCode([61], user) },
    });
  }
  const storedTokens = async () =>
    (
      (await t.app.db.execute(
        sql`select user_id, github_login, access_token, refresh_token from github_user_authorizations`,
      )) as unknown as {
        rows: { user_id: string; github_login: string; access_token: string; refresh_token: string }[];
      }
    ).rows;
  const readyItem = (description = 'Coupon codes\n\nA code takes 10% off.') =>
    createItem(t.app, owner.cookie, owner.projectId, {
      kind: 'implementations',
      project: inWeek(2968),
      item: { description, goals: ['Codes apply at checkout'] },
    });
  const counts = async () =>
    (
      (await t.app.db.execute(sql`select (select count(*)::int from handoffs) as handoffs`)) as unknown as {
        rows: { handoffs: number }[];
      }
    ).rows[0]!.handoffs;

  it("sends a member to GitHub's authorize page with the app's client id, this Baton's callback and a signed state", async () => {
    const started = await call(t.app, 'POST', `${G}/user-authorization`, { cookie: editor.cookie });
    const url = new URL(started.json().data.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe('Iv1.u');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/settings/github');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('any member connects their own GitHub account; the tokens are stored encrypted', async () => {
    const before = await call(t.app, 'GET', `${G}/user-authorization`, { cookie: editor.cookie });
    expect(before.json().data).toMatchObject({
      configured: true,
      connected: true,
      repository: 'acme/shop',
      user: null,
    });
    const copilotBefore = before.json().data.agents.find((a: { agent: string }) => a.agent === 'copilot');
    expect(copilotBefore.ready).toBe(false);

    const done = await authorize(editor.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user).toEqual({ login: 'octocat' });
    const agents = done.json().data.agents as { agent: string; ready: boolean }[];
    expect(agents.find((a) => a.agent === 'copilot')!.ready).toBe(true);
    expect(agents.find((a) => a.agent === 'cursor')!.ready).toBe(true);

    const row = (await storedTokens()).find((r) => r.user_id === editor.userId)!;
    expect(row.github_login).toBe('octocat');
    expect(row.access_token).toMatch(/^v1\./);
    expect(row.access_token).not.toContain('ghu_');
    expect(row.refresh_token).not.toContain('ghr_');
  });

  it('refuses a state made for the install, or for someone else, and a spent code; nothing changes', async () => {
    const before = await storedTokens();
    const install = await call(t.app, 'POST', `${G}/app/install`, { cookie: owner.cookie });
    const installState = new URL(install.json().data.installUrl).searchParams.get('state')!;
    const crossed = await call(t.app, 'PUT', `${G}/user-authorization`, {
      cookie: owner.cookie,
      body: { state: installState, code: github.issueCode([61]) },
    });
    expect(crossed.json().message).toMatch(/expired or was started by someone else/);

    const editorStart = await call(t.app, 'POST', `${G}/user-authorization`, { cookie: editor.cookie });
    const editorState = new URL(editorStart.json().data.authorizeUrl).searchParams.get('state')!;
    const stolen = await call(t.app, 'PUT', `${G}/user-authorization`, {
      cookie: owner.cookie,
      body: { state: editorState, code: github.issueCode([61]) },
    });
    expect(stolen.json().message).toMatch(/expired or was started by someone else/);

    const spent = await call(t.app, 'PUT', `${G}/user-authorization`, {
      cookie: editor.cookie,
      body: { state: editorState, code: 'not-a-code' },
    });
    expect([spent.statusCode, spent.json().message]).toEqual([
      400,
      'GitHub refused the authorization code: connect your GitHub account again (Settings → GitHub).',
    ]);
    expect(await storedTokens()).toEqual(before);
  });

  it('hands an item to Copilot: an issue opened as the user, assigned to Copilot with agent_assignment', async () => {
    const item = await readyItem();
    const sent = await call(t.app, 'POST', SEND, {
      cookie: editor.cookie,
      body: { itemId: item.id, automationKind: 0, agent: 'copilot', instructions: 'Keep the API unchanged.' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ agent: 'copilot', state: 'pending', repository: 'acme/shop' });
    const issue = github.issues.at(-1)!;
    expect(issue).toMatchObject({
      openedBy: 'octocat',
      assignees: ['copilot-swe-agent[bot]'],
      agentAssignment: { target_repo: 'acme/shop', base_branch: 'main' },
    });
    expect((issue.agentAssignment as { custom_instructions: string }).custom_instructions).toMatch(/Fixes #/);
    expect(issue.body).not.toContain('@claude');
    expect(issue.body).toContain('## Instructions from the sender\n\nKeep the API unchanged.');
    const request = github.requests.filter((r) => r.method === 'POST' && r.path === '/repos/acme/shop/issues').at(-1)!;
    expect(request.auth).toBe('user');
  });

  it("links Copilot's pull request to its hand-off by what GitHub says it closes, though its body does not say", async () => {
    const item = await readyItem();
    const handoff = (
      await call(t.app, 'POST', SEND, {
        cookie: editor.cookie,
        body: { itemId: item.id, automationKind: 0, agent: 'copilot' },
      })
    ).json().data;
    github.closingIssues.set('acme/shop#77', [handoff.issueNumber]);
    const body = JSON.stringify({
      action: 'opened',
      installation: { id: 61 },
      repository: { full_name: 'acme/shop' },
      pull_request: {
        number: 77,
        title: '[WIP] Coupon codes',
        html_url: `${github.web}/acme/shop/pull/77`,
        body: 'Coupon codes, as the issue describes.',
        merged: false,
        head: { ref: 'copilot/coupon-codes' },
        user: { login: 'Copilot', type: 'Bot' },
      },
    });
    await t.app.inject({
      method: 'POST',
      url: '/v1/github/webhook',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'pull_request',
        'x-github-delivery': 'copilot-pr-77',
        'x-hub-signature-256': `sha256=${createHmac('sha256', 'whs-u').update(body).digest('hex')}`,
      },
      payload: body,
    });
    await t.app.githubQueue.idle();
    const item2 = (
      await call(t.app, 'GET', `/v1/teams/active/project-items/all/${item.id}`, { cookie: owner.cookie })
    ).json().data;
    expect(item2).toMatchObject({ pullRequestUrl: `${github.web}/acme/shop/pull/77`, workflowStatus: 2 });
  });

  it('refuses Copilot where GitHub will not assign it, and closes the issue it opened', async () => {
    github.copilotRepositories.delete('acme/shop');
    try {
      const status = await call(t.app, 'GET', `${G}/user-authorization`, { cookie: editor.cookie });
      const copilot = status.json().data.agents.find((a: { agent: string }) => a.agent === 'copilot');
      expect(copilot.ready).toBe(false);
      expect(copilot.checks.at(-1).fix).toMatch(/GitHub does not offer Copilot in acme\/shop/);

      const item = await readyItem();
      const before = await counts();
      const refused = await call(t.app, 'POST', SEND, {
        cookie: editor.cookie,
        body: { itemId: item.id, automationKind: 0, agent: 'copilot' },
      });
      expect(refused.json().message).toMatch(/^GitHub did not assign Copilot in acme\/shop/);
      expect(github.issues.at(-1)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
      expect(await counts()).toBe(before);
    } finally {
      github.copilotRepositories.add('acme/shop');
    }
  });

  it("checks the app's permissions Copilot needs, names the missing ones, and blames a dropped assignment on them", async () => {
    const installation = github.installations.get(61)!;
    const copilotOf = async () =>
      (await call(t.app, 'GET', `${G}/user-authorization`, { cookie: editor.cookie }))
        .json()
        .data.agents.find((a: { agent: string }) => a.agent === 'copilot');
    const permissionCheck = "Baton's app may write Actions, Contents, Issues and Pull requests";
    expect((await copilotOf()).checks).toContainEqual({ check: permissionCheck, ok: true, fix: null });

    // As docs/handoff.md had it before: Contents and Actions read only.
    installation.permissions = { actions: 'read', contents: 'read', issues: 'write', pull_requests: 'write' };
    github.copilotRepositories.delete('acme/shop');
    try {
      const copilot = await copilotOf();
      expect(copilot.ready).toBe(false);
      const failing = copilot.checks.find((c: { check: string }) => c.check === permissionCheck);
      expect(failing.fix).toMatch(/"Read and write" on Actions, Contents \(the app's settings → Permissions\)/);

      const item = await readyItem();
      const refused = await call(t.app, 'POST', SEND, {
        cookie: editor.cookie,
        body: { itemId: item.id, automationKind: 0, agent: 'copilot' },
      });
      expect(refused.json().message).toBe(
        "GitHub did not assign Copilot in acme/shop: Baton's app lacks read and write on Actions, Contents, and your token has only what both you and the app have (docs/handoff.md: the operator grants them, an owner accepts them). Nothing was sent.",
      );
      // The issue was read again before it was closed.
      const number = github.issues.at(-1)!.number;
      expect(github.requests.some((r) => r.method === 'GET' && r.path === `/repos/acme/shop/issues/${number}`)).toBe(
        true,
      );
      expect(github.issues.at(-1)).toMatchObject({ state: 'closed' });
    } finally {
      delete installation.permissions;
      github.copilotRepositories.add('acme/shop');
    }
  });

  it("reads GraphQL's errors: GitHub answering 200 with errors[] is a failure, named", async () => {
    github.failNext = {
      times: 1,
      status: 200,
      path: /^\/graphql$/,
      body: { data: null, errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }] },
    };
    const status = await call(t.app, 'GET', `${G}/user-authorization`, { cookie: owner.cookie });
    const copilot = status.json().data.agents.find((a: { agent: string }) => a.agent === 'copilot');
    expect(copilot.ready).toBe(false);
    expect(copilot.checks.at(-1).fix).toBe(
      'Could not ask GitHub just now: GitHub refused the GraphQL query: FORBIDDEN: Resource not accessible by integration',
    );
  });

  it('says what Baton cannot verify for Cursor', async () => {
    const status = await call(t.app, 'GET', `${G}/user-authorization`, { cookie: editor.cookie });
    const cursor = status.json().data.agents.find((a: { agent: string }) => a.agent === 'cursor');
    expect(cursor.unverified).toMatch(/^Baton cannot see Cursor's side: .*Cursor's GitHub app/);
  });

  it('hands an item to Cursor: the app opens the issue and the user comments @cursor', async () => {
    const item = await readyItem();
    const sent = await call(t.app, 'POST', SEND, {
      cookie: editor.cookie,
      body: { itemId: item.id, automationKind: 0, agent: 'cursor' },
    });
    expect(sent.statusCode).toBe(200);
    const issue = github.issues.at(-1)!;
    expect(issue).toMatchObject({ openedBy: 'app', assignees: [] });
    expect(github.comments.at(-1)).toMatchObject({ number: issue.number, by: 'octocat' });
    expect(github.comments.at(-1)!.body).toMatch(/^@cursor Please implement this issue on a branch from `main`/);
  });

  it('a Cursor issue whose answer was lost gets its @cursor comment when GitHub reports the issue', async () => {
    const item = await readyItem();
    github.lateNext = { times: 1, ms: 'hang', path: /\/issues$/, method: 'POST' };
    github.failNext = { times: 1, status: 'hang', path: /\/issues$/, method: 'GET' };
    const sent = await call(t.app, 'POST', SEND, {
      cookie: editor.cookie,
      body: { itemId: item.id, automationKind: 0, agent: 'cursor' },
    });
    expect(sent.json().data).toMatchObject({ issueNumber: null, notice: expect.any(String) });
    const issue = github.issues.at(-1)!;
    const comments = github.comments.length;
    const body = JSON.stringify({
      action: 'opened',
      installation: { id: 61 },
      repository: { full_name: 'acme/shop' },
      issue: {
        number: issue.number,
        html_url: `${github.web}/acme/shop/issues/${issue.number}`,
        body: issue.body,
        user: { login: 'baton-handoff[bot]', type: 'Bot' },
      },
    });
    await t.app.inject({
      method: 'POST',
      url: '/v1/github/webhook',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issues',
        'x-github-delivery': 'cursor-late-1',
        'x-hub-signature-256': `sha256=${createHmac('sha256', 'whs-u').update(body).digest('hex')}`,
      },
      payload: body,
    });
    await t.app.githubQueue.idle();
    expect(github.comments).toHaveLength(comments + 1);
    expect(github.comments.at(-1)).toMatchObject({ number: issue.number, by: 'octocat' });
    expect(github.comments.at(-1)!.body).toMatch(/^@cursor Please implement this issue/);
    const history = await call(t.app, 'GET', `/v1/teams/active/project-items/${item.id}/handoffs`, {
      cookie: editor.cookie,
    });
    expect(history.json().data.handoffs[0]).toMatchObject({ issueNumber: issue.number });
    expect(history.json().data.handoffs[0].events.map((event: { text: string }) => event.text)).toContain(
      '@cursor summoned',
    );
  });

  it('a Cursor comment GitHub refuses closes the issue again and stores nothing', async () => {
    const item = await readyItem();
    const before = await counts();
    github.failNext = { times: 1, status: 403, path: /\/comments$/ };
    const failed = await call(t.app, 'POST', SEND, {
      cookie: editor.cookie,
      body: { itemId: item.id, automationKind: 0, agent: 'cursor' },
    });
    github.failNext = null;
    expect([failed.statusCode, failed.json().result]).toEqual([502, 'Failed']);
    expect(github.issues.at(-1)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    expect(await counts()).toBe(before);
  });

  it('a Cursor comment GitHub may have posted (a 5xx) is not undone: the hand-off says it is unconfirmed', async () => {
    const item = await readyItem();
    github.failNext = { times: 1, status: 502, path: /\/comments$/ };
    const sent = await call(t.app, 'POST', SEND, {
      cookie: editor.cookie,
      body: { itemId: item.id, automationKind: 0, agent: 'cursor' },
    });
    github.failNext = null;
    expect(sent.statusCode).toBe(200);
    expect(github.issues.at(-1)).toMatchObject({ state: 'open' });
    const history = await call(t.app, 'GET', `/v1/teams/active/project-items/${item.id}/handoffs`, {
      cookie: editor.cookie,
    });
    expect(history.json().data.handoffs[0].events.map((event: { text: string }) => event.text)).toContain(
      'GitHub did not confirm the @cursor comment: check the issue',
    );
  });

  it('a member without a GitHub account connected is told how to connect it', async () => {
    const viewer = await join(t.app, owner.cookie, 'users-viewer@example.com');
    const item = await readyItem();
    const refused = await call(t.app, 'POST', SEND, {
      cookie: viewer.cookie,
      body: { itemId: item.id, automationKind: 0, agent: 'cursor' },
    });
    expect(refused.json().message).toBe(
      'Connect your GitHub account first (Settings → GitHub): this agent is started as you.',
    );
  });

  it('GitHub revoking the authorization (github_app_authorization) forgets it', async () => {
    const body = JSON.stringify({ action: 'revoked', sender: { id: OCTOCAT.id, login: 'octocat' } });
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/v1/github/webhook',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'github_app_authorization',
        'x-github-delivery': 'revoke-1',
        'x-hub-signature-256': `sha256=${createHmac('sha256', 'whs-u').update(body).digest('hex')}`,
      },
      payload: body,
    });
    expect(delivered.statusCode).toBe(200);
    await t.app.githubQueue.idle();
    expect((await storedTokens()).map((row) => row.github_login)).toEqual(['hubot']);
    const status = await call(t.app, 'GET', `${G}/user-authorization`, { cookie: editor.cookie });
    expect(status.json().data.user).toBeNull();
  });

  it('a member disconnects their account; other members keep theirs', async () => {
    await authorize(editor.cookie);
    const forgotten = await call(t.app, 'DELETE', `${G}/user-authorization`, { cookie: editor.cookie });
    expect(forgotten.json().data.user).toBeNull();
    expect((await storedTokens()).map((row) => row.github_login)).toEqual(['hubot']);
  });

  // Last: it moves the clock past the token's expiry.
  it('a refresh GitHub does not answer holds no transaction: reads stay fast, the tokens stay, the next send refreshes', async () => {
    await authorize(editor.cookie);
    const before = (await storedTokens()).find((row) => row.user_id === editor.userId)!;
    t.clock.advance(Date.now() - t.clock.now().getTime() + 8 * 3_600_000);
    const item = await readyItem();
    github.failNext = { times: 1, status: 'hang', path: /^\/login\/oauth\/access_token$/ };
    const body = { itemId: item.id, automationKind: 0, agent: 'copilot' };
    const send = call(t.app, 'POST', SEND, { cookie: editor.cookie, body });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const read = await call(t.app, 'GET', `/v1/teams/active/project-items/${item.id}/handoffs`, {
      cookie: editor.cookie,
    });
    expect(read.statusCode).toBe(200);
    // GitHub's time limit here is 1 s, 200 ms of it gone: a read held by the refresh would take ~800 ms.
    expect(Date.now() - started).toBeLessThan(500);
    const failed = await send;
    expect([failed.statusCode, failed.json().message]).toEqual([
      502,
      'GitHub did not answer in time. Nothing was changed; try again.',
    ]);
    expect((await storedTokens()).find((row) => row.user_id === editor.userId)!.refresh_token).toBe(
      before.refresh_token,
    );
    // The claim was let go: the next send refreshes and goes through.
    expect((await call(t.app, 'POST', SEND, { cookie: editor.cookie, body })).statusCode).toBe(200);
  });

  it('refreshes an expiring token before use (both rotate); a refused refresh forgets it and says so', async () => {
    await authorize(editor.cookie);
    const before = (await storedTokens()).find((row) => row.user_id === editor.userId)!;
    // GitHub's user tokens last 8 hours: move past that.
    t.clock.advance(Date.now() - t.clock.now().getTime() + 8 * 3_600_000);
    github.userTokenSeconds = 24 * 3_600;
    const item = await readyItem();
    const sent = await call(t.app, 'POST', SEND, {
      cookie: editor.cookie,
      body: { itemId: item.id, automationKind: 0, agent: 'copilot' },
    });
    expect(sent.statusCode).toBe(200);
    const after = (await storedTokens()).find((row) => row.user_id === editor.userId)!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(github.requests.filter((r) => r.path === '/login/oauth/access_token')).not.toHaveLength(0);

    // GitHub no longer knows the refresh token: the authorization is forgotten, with a clear message.
    github.revokeUser(OCTOCAT.id);
    t.clock.advance(24 * 3_600_000);
    const refused = await call(t.app, 'POST', SEND, {
      cookie: editor.cookie,
      body: { itemId: item.id, automationKind: 0, agent: 'copilot' },
    });
    expect(refused.json().message).toBe(
      'Your GitHub authorization has expired: connect your GitHub account again (Settings → GitHub).',
    );
    expect((await storedTokens()).some((row) => row.user_id === editor.userId)).toBe(false);
  });
});
