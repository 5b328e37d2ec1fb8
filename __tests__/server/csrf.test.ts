import { buildTestApp, signInAs, type TestApp } from './helpers/testApp';

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

  it('sends security headers on pages', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/some/client/route' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).toContain('<meta name="baton-config"');
  });
});
