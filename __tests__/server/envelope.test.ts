import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';

describe('the response envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers NotFound for unknown API routes', async () => {
    const response = await call(t.app, 'GET', '/v1/no/such/route');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ result: 'NotFound', message: 'No route for GET /v1/no/such/route' });
  });

  it('answers InvalidRequest naming the field for a bad body, and writes nothing', async () => {
    const { cookie } = await signInAs(t.app, 'env@example.com');
    const response = await call(t.app, 'PUT', '/v1/user/app-settings', {
      cookie,
      body: { appSettings: { theme: 'purple' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe('InvalidRequest');
    expect(response.json().message).toMatch(/^body\.appSettings\.theme /);
    const unknownField = await call(t.app, 'PUT', '/v1/user/app-settings', {
      cookie,
      body: { appSettings: { colour: 'x' } },
    });
    expect(unknownField.json().message).toContain('body.appSettings.colour');
    const context = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie });
    expect(context.json().data.appSettings).toEqual({});
  });

  it('answers InvalidRequest for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/test-authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"emailAddress":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe('InvalidRequest');
  });

  it('saves app settings', async () => {
    const { cookie } = await signInAs(t.app, 'settings@example.com');
    const saved = await call(t.app, 'PUT', '/v1/user/app-settings', {
      cookie,
      body: { appSettings: { theme: 'light' } },
    });
    expect(saved.json()).toEqual({ result: 'Ok', data: { appSettings: { theme: 'light' } } });
    const context = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie });
    expect(context.json().data.appSettings).toEqual({ theme: 'light' });
  });

  it('publishes the OpenAPI document with every route grouped by tag', async () => {
    const response = await call(t.app, 'GET', '/v1/openapi.json');
    const document = response.json();
    expect(document.openapi).toBe('3.0.3');
    expect(document.paths['/v1/auth/test-authenticate'].post.operationId).toBe('testAuthenticate');
    expect(document.paths['/v1/user/core-application-context'].get.tags).toEqual(['userAndTeam']);
    expect(document.paths['/healthz']).toBeUndefined();
  });

  it('answers the active team', async () => {
    const { cookie, context } = await signInAs(t.app, 'team@example.com');
    const response = await call(t.app, 'GET', '/v1/teams/active', { cookie });
    expect(response.json().data).toEqual(context.activeTeam);
    expect(response.json().data).toMatchObject({
      firstRunExperienceState: { dismissed: false, completedSteps: [] },
      goToMarketPlan: {},
      globalTeamData: {},
      invitedTeamMembers: [],
    });
  });
});

describe('when the database is gone', () => {
  it('answers 503 Failed with Retry-After, without a stack trace, and health answers 503', async () => {
    const t = await buildTestApp();
    const { cookie } = await signInAs(t.app, 'down@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await t.app.database.close();
    const response = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      result: 'Failed',
      message: 'Baton cannot reach its database; try again shortly.',
    });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    await t.app.close();
    await t.close().catch(() => undefined);
  });
});
