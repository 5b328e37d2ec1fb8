import { sql } from 'drizzle-orm';
import { GITHUB_APP_SETTINGS } from '../../src/shared/githubSettings';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { teamUser } from './helpers/planning';
import { expectForbidden, join } from './helpers/members';
import { appKeyPair, FakeGithub } from './helpers/fakeGithub';
import { loadConfig, ConfigError } from '../../src/server/config/config';
import { createGithubClient } from '../../src/server/integrations/github/githubClient';

/** Claude's workflow in acme/docs: Baton's bot listed without `[bot]`, in a block scalar (both fine for the action). */
const DOCS_WORKFLOW = `on:
  issues:
    types: [opened]
  issue_comment:
    types: [created]
jobs:
  claude:
    runs-on: ubuntu-latest
    steps:
      - uses: anthropics/claude-code-action@v1
        with:
          allowed_bots: |
            baton-test
`;

jest.setTimeout(30_000);

const G = '/v1/teams/active/github';
const keys = appKeyPair();

describe('the GitHub connection: /v1/teams/active/github', () => {
  let t: TestApp;
  let github: FakeGithub;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    github = new FakeGithub('12345', keys.publicKeyPem, { clientId: 'Iv1.test', clientSecret: 'client-secret' });
    github.addInstallation({
      id: 777,
      account: { login: 'acme', type: 'Organization' },
      repositories: [
        { full_name: 'acme/shop', default_branch: 'main', private: true, branches: ['release/2.0'] },
        { full_name: 'acme/docs', default_branch: 'trunk', private: false },
      ],
    });
    github.addInstallation({
      id: 888,
      account: { login: 'other', type: 'User' },
      repositories: [{ full_name: 'other/app', default_branch: 'main', private: false }],
    });
    github.workflows.set('acme/docs', { '.github/workflows/claude.yml': DOCS_WORKFLOW });
    const apiUrl = await github.start();
    t = await buildTestApp({
      GITHUB_APP_ID: '12345',
      GITHUB_APP_SLUG: 'baton-test',
      GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem.replace(/\n/g, '\\n'),
      GITHUB_WEBHOOK_SECRET: 'webhook-secret',
      GITHUB_APP_CLIENT_ID: 'Iv1.test',
      GITHUB_APP_CLIENT_SECRET: 'client-secret',
      GITHUB_API_URL: apiUrl,
      // The fake serves GitHub's web host too (OAuth's code exchange); only the install link shows it.
      GITHUB_WEB_URL: apiUrl,
      GITHUB_TIMEOUT_SECONDS: '1',
    });
    owner = await teamUser(t.app, 'github-owner@example.com');
  });
  afterAll(async () => {
    await t.close();
    await github.stop();
  });

  const connections = async () =>
    (
      (await t.app.db.execute(
        sql`select string_agg(team_id || ':' || installation_id || ':' || coalesce(repository, ''), ',') as rows from github_connections`,
      )) as unknown as { rows: { rows: string | null }[] }
    ).rows[0]!.rows;

  async function installState(cookie = owner.cookie) {
    const started = await call(t.app, 'POST', `${G}/app/install`, { cookie });
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().data.installUrl);
    expect(url.pathname).toBe('/apps/baton-test/installations/new');
    return url.searchParams.get('state')!;
  }

  it('answers a team without a connection: configured, not connected, nothing ready', async () => {
    const status = await call(t.app, 'GET', `${G}/status`, { cookie: owner.cookie });
    expect(status.json().data).toMatchObject({
      configured: true,
      connected: false,
      appSlug: 'baton-test',
      account: null,
      repositories: [],
      repository: null,
    });
    expect(status.json().data.agents.map((a: { ready: boolean }) => a.ready)).toEqual([false, false, false]);
  });

  it('connects: the install callback is verified with the app’s JWT before it is stored', async () => {
    const state = await installState();
    github.requests.length = 0;
    const done = await call(t.app, 'PUT', `${G}/app/install`, {
      cookie: owner.cookie,
      body: { installationId: 777, state, code: github.issueCode([777]) },
    });
    expect(done.statusCode).toBe(200);
    expect(github.requests[0]).toMatchObject({ method: 'GET', path: '/app/installations/777', auth: 'app' });
    expect(done.json().data).toMatchObject({
      connected: true,
      account: { login: 'acme', type: 'Organization', installationId: 777 },
      repositories: [
        { fullName: 'acme/shop', defaultBranch: 'main', private: true },
        { fullName: 'acme/docs', defaultBranch: 'trunk', private: false },
      ],
    });
    // The repositories were read with an installation token the app asked for.
    expect(github.requests.map((r) => `${r.method} ${r.path} ${r.auth}`)).toEqual(
      expect.arrayContaining([
        'POST /app/installations/777/access_tokens app',
        'GET /installation/repositories installation',
      ]),
    );
  });

  it('picks a repository the installation reaches, with its default branch unless one is given', async () => {
    const chosen = await call(t.app, 'PUT', `${G}/repository`, {
      cookie: owner.cookie,
      body: { repository: 'acme/docs' },
    });
    expect(chosen.json().data).toMatchObject({ repository: 'acme/docs', baseBranch: 'trunk' });
    const claude = chosen.json().data.agents.find((a: { agent: string }) => a.agent === 'claude-code');
    expect(claude.ready).toBe(true);
    const copilot = chosen.json().data.agents.find((a: { agent: string }) => a.agent === 'copilot');
    expect(copilot).toMatchObject({ ready: false });

    const branch = await call(t.app, 'PUT', `${G}/repository`, {
      cookie: owner.cookie,
      body: { repository: 'ACME/shop', baseBranch: 'release/2.0' },
    });
    expect(branch.json().data).toMatchObject({ repository: 'acme/shop', baseBranch: 'release/2.0' });
  });

  it("reads Claude's workflow as the action does: what never runs on Baton's issue is not ready, and says the fix", async () => {
    await call(t.app, 'PUT', `${G}/repository`, { cookie: owner.cookie, body: { repository: 'acme/docs' } });
    const claudeOf = async () =>
      (await call(t.app, 'GET', `${G}/status`, { cookie: owner.cookie }))
        .json()
        .data.agents.find((a: { agent: string }) => a.agent === 'claude-code');
    const workflowCheck = (claude: { checks: { check: string }[] }) =>
      claude.checks.find((c) => c.check === 'Claude workflow lets Baton start it');
    try {
      github.workflows.set('acme/docs', {
        '.github/workflows/claude.yml': DOCS_WORKFLOW.replace(/ {2}issues:\n {4}types: \[opened\]\n/, ''),
        '.github/workflows/review.yml': DOCS_WORKFLOW.replace(
          /allowed_bots: .*\n.*\n/,
          'trigger_phrase: /review\n          allowed_bots: "*"\n',
        ),
      });
      const notReady = await claudeOf();
      expect(notReady.ready).toBe(false);
      expect(workflowCheck(notReady)).toEqual({
        check: 'Claude workflow lets Baton start it',
        ok: false,
        fix:
          '.github/workflows/claude.yml: runs on issue_comment, not when an issue is opened: add issues: types: [opened] under on:. ' +
          '.github/workflows/review.yml: job claude listens for trigger_phrase "/review", which Baton\'s issue does not contain (it starts with @claude): remove trigger_phrase, or set it to "@claude".',
      });

      github.workflows.set('acme/docs', {
        '.github/workflows/claude.yml': DOCS_WORKFLOW.replace('runs-on:', "if: vars.CLAUDE == 'on'\n    runs-on:"),
      });
      const warned = await claudeOf();
      expect(warned.ready).toBe(true);
      expect(warned.unverified).toBe(
        '.github/workflows/claude.yml: job claude runs only if its if: holds, which Baton cannot evaluate.',
      );
    } finally {
      github.workflows.set('acme/docs', { '.github/workflows/claude.yml': DOCS_WORKFLOW });
      await call(t.app, 'PUT', `${G}/repository`, {
        cookie: owner.cookie,
        body: { repository: 'acme/shop', baseBranch: 'release/2.0' },
      });
    }
  });

  it('refuses a base branch the repository does not have, saying so, and changes nothing', async () => {
    const before = await connections();
    const refused = await call(t.app, 'PUT', `${G}/repository`, {
      cookie: owner.cookie,
      body: { repository: 'acme/docs', baseBranch: 'relase/2.0' },
    });
    expect([refused.statusCode, refused.json().result]).toEqual([400, 'InvalidRequest']);
    expect(refused.json().message).toBe(
      'acme/docs has no branch "relase/2.0": choose an existing base branch (Settings → GitHub), or leave it empty for the repository\'s default branch. Nothing was changed.',
    );
    expect(await connections()).toBe(before);
    expect(github.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/repos/acme/docs/branches/relase%2F2.0',
      auth: 'installation',
    });
  });

  it('names itself on every call: GitHub API version 2022-11-28 and a Baton User-Agent', () => {
    expect(github.requests.length).toBeGreaterThan(5);
    for (const request of github.requests) {
      expect([request.path, request.userAgent]).toEqual([
        request.path,
        expect.stringMatching(/^Baton \(GitHub App baton-test\)/),
      ]);
      // OAuth's code exchange is on the web host, not the REST API.
      if (!request.path.startsWith('/login/oauth/'))
        expect([request.path, request.apiVersion]).toEqual([request.path, '2022-11-28']);
    }
  });

  it('refuses a repository the installation cannot reach, and changes nothing', async () => {
    const before = await connections();
    const refused = await call(t.app, 'PUT', `${G}/repository`, {
      cookie: owner.cookie,
      body: { repository: 'other/app' },
    });
    expect([refused.statusCode, refused.json().result]).toEqual([400, 'InvalidRequest']);
    expect(refused.json().message).toMatch(/not a repository the app can reach on acme/);
    expect(await connections()).toBe(before);
  });

  it.each([
    ['a forged state', async () => `${(await installState()).split('.')[0]}.AAAA`],
    ['a state of another user', async () => installState((await teamUser(t.app, 'github-x@example.com')).cookie)],
    [
      'an expired state',
      async () => {
        const state = await installState();
        t.clock.advance(31 * 60 * 1000);
        return state;
      },
    ],
  ])('refuses %s, and stores nothing', async (_what, stateOf) => {
    const state = await stateOf();
    const before = await connections();
    const refused = await call(t.app, 'PUT', `${G}/app/install`, {
      cookie: owner.cookie,
      body: { installationId: 888, state, code: github.issueCode([888]) },
    });
    expect([refused.statusCode, refused.json().result]).toEqual([400, 'InvalidRequest']);
    expect(refused.json().message).toMatch(/expired or was started by someone else/);
    expect(await connections()).toBe(before);
  });

  it('refuses an installation GitHub does not know', async () => {
    const before = await connections();
    const refused = await call(t.app, 'PUT', `${G}/app/install`, {
      cookie: owner.cookie,
      body: { installationId: 999, state: await installState(), code: github.issueCode([999]) },
    });
    expect(refused.json()).toMatchObject({
      result: 'InvalidRequest',
      message: 'GitHub has no installation 999 of baton-test.',
    });
    expect(await connections()).toBe(before);
  });

  it.each([
    // Every row has three values: jest would take a missing third for a `done` callback.
    ['a user who cannot reach the installation', () => github.issueCode([777]), false],
    ['a code GitHub never gave', () => 'forged-code', false],
    ['a code already spent', () => github.issueCode([888]), true],
  ])('refuses %s (the installation id comes from the browser), and stores nothing', async (_what, codeOf, spend) => {
    const code = codeOf();
    if (spend) {
      // A code works once: spend it as an earlier exchange would have.
      await fetch(`${github.url}/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'Iv1.test', client_secret: 'client-secret', code }),
      });
    }
    const before = await connections();
    const refused = await call(t.app, 'PUT', `${G}/app/install`, {
      cookie: owner.cookie,
      body: { installationId: 888, state: await installState(), code },
    });
    expect([refused.statusCode, refused.json().result]).toEqual([400, 'InvalidRequest']);
    expect(refused.json().message).toBe('Your GitHub account cannot reach installation 888: install the app again.');
    expect(await connections()).toBe(before);
  });

  it('a GitHub outage or timeout during the callback stores nothing and says so', async () => {
    const before = await connections();
    for (const status of [502, 'hang'] as const) {
      github.failNext = { times: 1, status };
      const refused = await call(t.app, 'PUT', `${G}/app/install`, {
        cookie: owner.cookie,
        body: { installationId: 888, state: await installState(), code: github.issueCode([888]) },
      });
      expect([refused.statusCode, refused.json().result]).toEqual([502, 'Failed']);
      expect(refused.json().message).toMatch(status === 'hang' ? /did not answer in time/ : /HTTP 502/);
    }
    github.failNext = null;
    expect(await connections()).toBe(before);
  });

  it('a GitHub outage while reading the status is reported, not thrown', async () => {
    github.failNext = { times: 1, status: 500, path: /^\/installation\/repositories$/ };
    const status = await call(t.app, 'GET', `${G}/status`, { cookie: owner.cookie });
    github.failNext = null;
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ connected: true, repository: 'acme/shop', repositories: [] });
    expect(status.json().data.problem).toMatch(/HTTP 500/);
  });

  it('is for Admins: an Editor is refused every route', async () => {
    const editor = await join(t.app, owner.cookie, 'github-editor@example.com');
    for (const [method, url, body] of [
      ['POST', `${G}/app/install`, undefined],
      ['PUT', `${G}/app/install`, { installationId: 777, state: 'x', code: 'x' }],
      ['GET', `${G}/status`, undefined],
      ['PUT', `${G}/repository`, { repository: 'acme/shop' }],
    ] as const) {
      expectForbidden(await call(t.app, method, url, { cookie: editor.cookie, body }));
    }
  });

  it('another team never sees this team’s connection', async () => {
    const stranger = await teamUser(t.app, 'github-stranger@example.com');
    const status = await call(t.app, 'GET', `${G}/status`, { cookie: stranger.cookie });
    expect(status.json().data).toMatchObject({ connected: false, account: null, repository: null });
    expect(status.body).not.toMatch(/acme/);
  });
});

describe('GitHub settings', () => {
  it('is off with no GITHUB_* settings: status says so, the other routes say how to turn it on', async () => {
    const t = await buildTestApp();
    try {
      const owner = await teamUser(t.app, 'no-github@example.com');
      const status = await call(t.app, 'GET', `${G}/status`, { cookie: owner.cookie });
      expect(status.json().data).toMatchObject({ configured: false, connected: false, appSlug: null });
      const start = await call(t.app, 'POST', `${G}/app/install`, { cookie: owner.cookie });
      expect([start.statusCode, start.json().result]).toEqual([409, 'Failed']);
      expect(start.json().message).toMatch(/GitHub is not set up on this Baton/);
      // Every variable the app needs is named, so an operator sets them in one go.
      for (const name of GITHUB_APP_SETTINGS) expect(start.json().message).toContain(name);
      expect(start.json().message).toMatch(/terminal hand-off works without it/);
    } finally {
      await t.close();
    }
  });

  it.each([
    ['https://api.github.com', 'https://github.com', 'https://github.com/apps/baton-test/installations/new?state=s1'],
    [
      'https://git.example.com/api/v3',
      'https://git.example.com',
      'https://git.example.com/github-apps/baton-test/installations/new?state=s1',
    ],
  ])("installs from GitHub's page for the host: API %s", (apiUrl, webUrl, installUrl) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      GITHUB_APP_ID: '1',
      GITHUB_APP_SLUG: 'baton-test',
      GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem,
      GITHUB_WEBHOOK_SECRET: 's',
      GITHUB_APP_CLIENT_ID: 'c',
      GITHUB_APP_CLIENT_SECRET: 'd',
      GITHUB_API_URL: apiUrl,
      GITHUB_WEB_URL: webUrl,
    });
    expect(createGithubClient(config.github!).installUrl('s1')).toBe(installUrl);
  });

  it.each([
    [{ GITHUB_APP_ID: '1' }, /GITHUB_APP_SLUG: required when GITHUB_APP_ID is set/],
    [{ GITHUB_APP_CLIENT_ID: 'Iv1.x' }, /GITHUB_APP_ID: required when GITHUB_APP_CLIENT_ID/],
    [
      {
        GITHUB_APP_ID: '1',
        GITHUB_APP_SLUG: 'b',
        GITHUB_APP_PRIVATE_KEY: 'not a key',
        GITHUB_WEBHOOK_SECRET: 's',
        GITHUB_APP_CLIENT_ID: 'c',
        GITHUB_APP_CLIENT_SECRET: 'd',
      },
      /GITHUB_APP_PRIVATE_KEY: not a PEM private key/,
    ],
    [{ GITHUB_API_URL: 'ftp://x' }, /GITHUB_API_URL/],
  ])('refuses a half-made configuration at boot: %j', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(message);
  });
});
