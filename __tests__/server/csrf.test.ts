import { buildTestApp, signInAs, type TestApp } from './helpers/testApp';
import { sameSiteOrigins } from '../../src/server/plugins/csrf';

describe('cross-site request forgery protection', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie } = await signInAs(t.app, 'csrf@example.com'));
  });
  afterAll(() => t.close());

  const putSettings = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: '/v1/user/app-settings',
      headers: { cookie, ...headers },
      payload: JSON.stringify({ appSettings: { theme: 'dark' } }),
    });
  const theme = async () =>
    (await t.app.inject({ method: 'GET', url: '/v1/user/core-application-context', headers: { cookie } })).json().data
      .appSettings.theme;

  it('refuses a text/plain body with 403 and changes nothing', async () => {
    const response = await putSettings({ 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(403);
    expect(response.json().result).toBe('Unauthorized');
    expect(await theme()).toBeUndefined();
  });

  it('refuses a form post with 403', async () => {
    const response = await putSettings({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a foreign Origin with 403 and changes nothing', async () => {
    const response = await putSettings({ 'content-type': 'application/json', origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(await theme()).toBeUndefined();
  });

  it('accepts JSON from the public URL origin, or with no Origin header', async () => {
    expect(
      (await putSettings({ 'content-type': 'application/json', origin: 'http://localhost:3000' })).statusCode,
    ).toBe(200);
    expect(await theme()).toBe('dark');
    expect((await putSettings({ 'content-type': 'application/json; charset=utf-8' })).statusCode).toBe(200);
  });

  it('accepts the loopback equivalents of a localhost public URL, on its port only', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await putSettings({ 'content-type': 'application/json', origin })).statusCode).toBe(200);
    }
    for (const origin of ['http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://127.0.0.2:3000']) {
      expect((await putSettings({ 'content-type': 'application/json', origin })).statusCode).toBe(403);
    }
  });

  it('accepts only its own origin for a public URL that is not loopback', () => {
    expect([...sameSiteOrigins('https://baton.example.com')]).toEqual(['https://baton.example.com']);
  });

  describe('whatever the path encoding', () => {
    const signOutPaths = [
      '/v1/auth/sign-out',
      '/%761/auth/sign-out',
      '/%76%31/auth/sign-out',
      '/v1/auth/%73ign-out',
      '/v1/auth/sign-out?next=1',
    ];
    const stillSignedIn = async (session: string) =>
      (await t.app.inject({ method: 'GET', url: '/v1/auth/validate', headers: { cookie: session } })).statusCode;

    it.each(signOutPaths)('a text/plain sign-out from a foreign Origin at %s is refused', async (url) => {
      const { cookie: session } = await signInAs(t.app, 'encoded@example.com');
      for (const headers of [
        { 'content-type': 'text/plain', origin: 'https://evil.example' },
        { 'content-type': 'text/plain' },
        { 'content-type': 'application/json', origin: 'https://evil.example' },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: session, ...headers },
          payload: '{}',
        });
        expect(response.statusCode).toBe(403);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(await stillSignedIn(session)).toBe(200);
    });

    it('signs out with JSON from Baton itself', async () => {
      const { cookie: session } = await signInAs(t.app, 'encoded-ok@example.com');
      const response = await t.app.inject({
        method: 'POST',
        url: '/%761/auth/sign-out',
        headers: { cookie: session, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      });
      expect(response.statusCode).toBe(200);
      expect(await stillSignedIn(session)).toBe(401);
    });
  });

  it('parses no text/plain body anywhere, not even on the routes CSRF exempts', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/apple',
      headers: { 'content-type': 'text/plain', origin: 'https://appleid.apple.com' },
      payload: 'code=abc&state=xyz',
    });
    expect(response.statusCode).toBe(415);
  });

  it("still takes Apple's cross-site form_post callback", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/apple',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
      payload: 'code=abc&state=xyz',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/auth/apple?code=abc&state=xyz');
  });

  it('marks every API answer no-store, user data or not, whatever the path encoding', async () => {
    const { cookie: session, context } = await signInAs(t.app, 'nostore@example.com');
    const projectId = context.availableProjects[0].id as string;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: session } });
    const answers = [
      await get('/v1/user/core-application-context'),
      await get('/%761/user/core-application-context'),
      await get('/v1/teams/active'),
      await get('/v1/accounts/active/subscription'),
      await get(`/v1/teams/active/projects/${projectId}`),
      await get(`/v1/teams/active/projects/${projectId}/search?query=x`),
      await get('/v1/auth/identity-providers'),
      await get('/v1/no/such/route'),
      await t.app.inject({ method: 'GET', url: '/v1/user/core-application-context' }), // 401
      await t.app.inject({
        method: 'POST',
        url: `/v1/teams/active/projects/${projectId}/all/query`,
        headers: { cookie: session, 'content-type': 'application/json' },
        payload: '{}',
      }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [404, 'no-store'],
      [401, 'no-store'],
      [200, 'no-store'],
    ]);
  });

  it('sends security headers on pages', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/some/client/route' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).toContain('<meta name="baton-config"');
    // Without AI_PROVIDER the page knows drafts come from the built-in drafter, never labelled AI.
    expect(page.body).toContain('&quot;aiDrafts&quot;:false');
  });
});
