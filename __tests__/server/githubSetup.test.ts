import { buildTestApp, type TestApp } from './helpers/testApp';
import { appKeyPair, FakeGithub } from './helpers/fakeGithub';

jest.setTimeout(30_000);

const TOKEN = 'operator-setup-token-0123456789';

/** The form the start page posts to GitHub: where, and the manifest it carries. */
const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
function formOf(page: string) {
  const action = unescape(/<form method="post" action="([^"]+)"/.exec(page)![1]!);
  const manifest = JSON.parse(unescape(/name="manifest" value="([^"]+)"/.exec(page)![1]!)) as Record<string, unknown>;
  return { action: new URL(action), manifest };
}

describe("creating Baton's GitHub App through GitHub's manifest flow: /v1/setup/github", () => {
  let t: TestApp;
  let github: FakeGithub;
  let githubUrl: string;

  beforeAll(async () => {
    github = new FakeGithub('90210', appKeyPair().publicKeyPem, { clientId: 'x', clientSecret: 'y' });
    githubUrl = await github.start();
    t = await buildTestApp({
      GITHUB_SETUP_TOKEN: TOKEN,
      GITHUB_API_URL: githubUrl,
      GITHUB_WEB_URL: 'https://github.example',
      PUBLIC_URL: 'https://baton.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await github.stop();
  });
  const conversions = () => github.requests.filter((r) => r.path.startsWith('/app-manifests/'));

  it('asks for the operator’s token', async () => {
    const wrong = await t.app.inject({ method: 'GET', url: '/v1/setup/github?token=not-the-token' });
    expect([wrong.statusCode, wrong.json().result]).toEqual([403, 'Unauthorized']);
    const none = await t.app.inject({ method: 'GET', url: '/v1/setup/github' });
    expect([none.statusCode, none.json().result]).toEqual([400, 'InvalidRequest']);
  });

  it('posts a manifest with the webhook, the callback, the permissions and the events Baton uses, and no Setup URL', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/setup/github?token=${TOKEN}&organization=acme&public=true`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    // The page may post its form to GitHub, and nowhere else.
    expect(page.headers['content-security-policy']).toContain('form-action https://github.example;');
    const { action, manifest } = formOf(page.body);
    expect(`${action.origin}${action.pathname}`).toBe('https://github.example/organizations/acme/settings/apps/new');
    expect(action.searchParams.get('state')).toMatch(/^[\w-]+\.\d+\.[\w-]+$/);
    expect(manifest).toEqual({
      name: 'Baton baton.example',
      url: 'https://baton.example',
      description: expect.any(String),
      hook_attributes: { url: 'https://baton.example/v1/github/webhook', active: true },
      redirect_url: 'https://baton.example/v1/setup/github/callback',
      callback_urls: ['https://baton.example/settings/github'],
      request_oauth_on_install: true,
      public: true,
      default_permissions: {
        actions: 'write',
        contents: 'write',
        issues: 'write',
        pull_requests: 'write',
        checks: 'read',
        metadata: 'read',
      },
      default_events: ['issues', 'issue_comment', 'pull_request', 'create', 'workflow_run', 'check_suite'],
    });
    expect(manifest).not.toHaveProperty('setup_url');

    const own = formOf(
      (await t.app.inject({ method: 'GET', url: `/v1/setup/github?token=${TOKEN}&name=Acme%20Baton` })).body,
    );
    expect(own.action.pathname).toBe('/settings/apps/new');
    expect(own.manifest).toMatchObject({ name: 'Acme Baton', public: false });
  });

  it('exchanges the code GitHub sends back once, and shows the settings to put in the environment', async () => {
    const { action, manifest } = formOf(
      (await t.app.inject({ method: 'GET', url: `/v1/setup/github?token=${TOKEN}` })).body,
    );
    const state = action.searchParams.get('state')!;
    // What GitHub does when the operator confirms: it makes the app and redirects with a code.
    github.manifestCodes.set('code-1', manifest);
    const before = conversions().length;

    const forged = await t.app.inject({
      method: 'GET',
      url: `/v1/setup/github/callback?code=code-1&state=${encodeURIComponent(state.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`,
    });
    expect([forged.statusCode, forged.json().result]).toEqual([400, 'InvalidRequest']);
    expect(conversions().length).toBe(before);

    const back = await t.app.inject({
      method: 'GET',
      url: `/v1/setup/github/callback?code=code-1&state=${encodeURIComponent(state)}`,
    });
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe('no-store');
    const pem = appKeyPair().privateKeyPem.trim().replace(/\n/g, '\\n');
    for (const line of [
      'GITHUB_APP_ID=90210',
      'GITHUB_APP_SLUG=baton-baton-example',
      'GITHUB_APP_CLIENT_ID=Iv23liManifest01',
      'GITHUB_APP_CLIENT_SECRET=manifest-client-secret',
      'GITHUB_WEBHOOK_SECRET=manifest-webhook-secret',
      `GITHUB_APP_PRIVATE_KEY="${pem}"`,
    ]) {
      expect(unescape(/<pre>([\s\S]*)<\/pre>/.exec(back.body)![1]!).split('\n')).toContain(line);
    }
    const asked = conversions().slice(before);
    expect(asked.map((r) => `${r.method} ${r.path} ${r.auth}`)).toEqual([
      'POST /app-manifests/code-1/conversions none',
    ]);
    expect(asked[0]).toMatchObject({ apiVersion: '2022-11-28', userAgent: expect.stringMatching(/^Baton /) });

    // The same redirect again (a reload, a copied link) is not exchanged again.
    github.manifestCodes.set('code-1', manifest);
    const again = await t.app.inject({
      method: 'GET',
      url: `/v1/setup/github/callback?code=code-1&state=${encodeURIComponent(state)}`,
    });
    expect([again.statusCode, again.json().message]).toEqual([
      400,
      'This setup link was used already: its app was created. Start again for another.',
    ]);
    expect(conversions().length).toBe(before + 1);
  });

  it('a code GitHub does not know is refused with GitHub’s reason', async () => {
    const { action } = formOf((await t.app.inject({ method: 'GET', url: `/v1/setup/github?token=${TOKEN}` })).body);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/v1/setup/github/callback?code=spent&state=${encodeURIComponent(action.searchParams.get('state')!)}`,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'GitHub refused the code (HTTP 404): start again.',
    ]);
  });

  it('an hour-old state is refused', async () => {
    const { action } = formOf((await t.app.inject({ method: 'GET', url: `/v1/setup/github?token=${TOKEN}` })).body);
    github.manifestCodes.set('code-late', {});
    t.clock.advance(61 * 60 * 1000);
    const late = await t.app.inject({
      method: 'GET',
      url: `/v1/setup/github/callback?code=code-late&state=${encodeURIComponent(action.searchParams.get('state')!)}`,
    });
    expect(late.statusCode).toBe(400);
    expect(github.manifestCodes.has('code-late')).toBe(true);
  });
});

describe('the manifest flow is off once an app is configured, or without a setup token', () => {
  it.each<[Record<string, string>, string]>([
    [{ GITHUB_SETUP_TOKEN: TOKEN, GITHUB_APP_ID: '1' }, 'GitHub is already configured on this Baton.'],
    [{}, 'Set GITHUB_SETUP_TOKEN to create the GitHub App from Baton (docs/handoff.md).'],
  ])('%o', async (env, message) => {
    const keys = appKeyPair();
    const configured: Record<string, string> =
      'GITHUB_APP_ID' in env
        ? {
            GITHUB_APP_SLUG: 'baton',
            GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem,
            GITHUB_WEBHOOK_SECRET: 'w',
            GITHUB_APP_CLIENT_ID: 'c',
            GITHUB_APP_CLIENT_SECRET: 's',
          }
        : {};
    const t = await buildTestApp({ ...env, ...configured });
    try {
      const page = await t.app.inject({ method: 'GET', url: `/v1/setup/github?token=${TOKEN}` });
      expect([page.statusCode, page.json().message]).toEqual([404, message]);
    } finally {
      await t.close();
    }
  });
});
