import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { call, buildTestApp, sessionCookie, signInAs, type TestApp } from './helpers/testApp';

const DAY = 24 * 60 * 60 * 1000;

describe('sign-in with the Test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates the personal account, a first team with the user as Admin and a first project', async () => {
    const response = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
      body: { emailAddress: 'Ada@Example.com' },
    });
    expect(response.statusCode).toBe(200);
    const { result, data } = response.json();
    expect(result).toBe('Ok');
    const context = data.coreApplicationContext;
    expect(context.userContext).toMatchObject({ emailAddress: 'ada@example.com', activeAccountId: 'ada@example.com' });
    expect(context.activeTeam.teamName).toBe("ada's team");
    expect(context.activeTeam.teamMemberships).toEqual([
      { memberUserId: context.userContext.userId, memberEmailAddress: 'ada@example.com', role: 0 },
    ]);
    expect(context.availableProjects).toHaveLength(1);
    expect(context.userContext.activeProjectId).toBe(context.availableProjects[0].id);
    expect(context.appSettings).toEqual({});
  });

  it('signing in again finds the same user and creates nothing new', async () => {
    const first = await signInAs(t.app, 'grace@example.com');
    const second = await signInAs(t.app, 'grace@example.com');
    expect(second.context.userContext.userId).toBe(first.context.userContext.userId);
    expect(second.context.activeTeam.id).toBe(first.context.activeTeam.id);
    expect(second.context.availableProjects).toEqual(first.context.availableProjects);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, not Secure on http://localhost', async () => {
    const response = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
      body: { emailAddress: 'c@example.com' },
    });
    const cookie = response.cookies.find((c) => c.name === 'baton_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
  });

  it('keeps the user signed in: the context and validate answer with the cookie', async () => {
    const { cookie } = await signInAs(t.app, 'keep@example.com');
    const context = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie });
    expect(context.statusCode).toBe(200);
    expect(context.json().data.userContext.emailAddress).toBe('keep@example.com');
    const validate = await call(t.app, 'GET', '/v1/auth/validate', { cookie });
    expect(validate.statusCode).toBe(200);
    expect(validate.headers['cache-control']).toBe('no-store');
    expect(validate.json()).toEqual({ result: 'Ok', data: { emailAddress: 'keep@example.com' } });
  });

  it('answers 401 Unauthorized without a session', async () => {
    const response = await call(t.app, 'GET', '/v1/auth/validate');
    expect(response.statusCode).toBe(401);
    expect(response.json().result).toBe('Unauthorized');
    const forged = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie: 'baton_session=forged' });
    expect(forged.statusCode).toBe(401);
  });

  it('rotates the session at sign-in: the previous token stops working', async () => {
    const { cookie: before } = await signInAs(t.app, 'rotate@example.com');
    const again = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
      body: { emailAddress: 'rotate@example.com' },
      cookie: before,
    });
    const after = sessionCookie(again);
    expect(after).not.toBe(before);
    expect((await call(t.app, 'GET', '/v1/auth/validate', { cookie: before })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/v1/auth/validate', { cookie: after })).statusCode).toBe(200);
  });

  it('sign-out deletes the session and clears the cookie', async () => {
    const { cookie } = await signInAs(t.app, 'bye@example.com');
    const response = await call(t.app, 'POST', '/v1/auth/sign-out', { cookie });
    expect(response.json()).toEqual({ result: 'Ok' });
    const cleared = response.cookies.find((c) => c.name === 'baton_session');
    expect(cleared?.value).toBe('');
    expect((await call(t.app, 'GET', '/v1/auth/validate', { cookie })).statusCode).toBe(401);
  });

  it("sign-out tells the browser to drop the user's cached answers but keep the service worker", async () => {
    const { cookie } = await signInAs(t.app, 'wipe@example.com');
    const response = await call(t.app, 'POST', '/v1/auth/sign-out', { cookie });
    expect(response.statusCode).toBe(200);
    // "storage" would unregister the service worker, against docs/service-worker.md.
    expect(response.headers['clear-site-data']).toBe('"cache"');
  });

  it('ends a session idle for longer than 14 days', async () => {
    const { cookie } = await signInAs(t.app, 'idle@example.com');
    t.clock.advance(13 * DAY);
    expect((await call(t.app, 'GET', '/v1/auth/validate', { cookie })).statusCode).toBe(200);
    t.clock.advance(14 * DAY + 1000);
    expect((await call(t.app, 'GET', '/v1/auth/validate', { cookie })).statusCode).toBe(401);
  });

  it('ends a session 60 days after sign-in even when used every day', async () => {
    const { cookie } = await signInAs(t.app, 'absolute@example.com');
    for (let week = 1; week <= 8; week++) {
      t.clock.advance(7 * DAY);
      expect((await call(t.app, 'GET', '/v1/auth/validate', { cookie })).statusCode).toBe(200);
    }
    t.clock.advance(5 * DAY); // day 61
    expect((await call(t.app, 'GET', '/v1/auth/validate', { cookie })).statusCode).toBe(401);
  });

  it('refuses a bad e-mail address with InvalidRequest naming the field and creates no user', async () => {
    const response = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
      body: { emailAddress: 'not-an-address' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      result: 'InvalidRequest',
      message: expect.stringContaining('body.emailAddress'),
    });
    const missing = await call(t.app, 'POST', '/v1/auth/test-authenticate', { body: {} });
    expect(missing.json().message).toContain('body.emailAddress');
    expect(await t.app.db.select().from(users).where(eq(users.emailAddress, 'not-an-address'))).toEqual([]);
  });
});

describe('Test provider in production', () => {
  it('answers NotFound when NODE_ENV=production', async () => {
    const t = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const response = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
        body: { emailAddress: 'x@example.com' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().result).toBe('NotFound');
      const providers = await call(t.app, 'GET', '/v1/auth/identity-providers');
      expect(providers.json().data.identityProviders).toContainEqual({ identityProvider: 'Test', enabled: false });
    } finally {
      await t.close();
    }
  });

  it('can be enabled explicitly, and uses a Secure __Host- cookie behind https', async () => {
    const t = await buildTestApp({
      NODE_ENV: 'production',
      ENABLE_TEST_SIGN_IN: 'true',
      PUBLIC_URL: 'https://baton.example.com',
    });
    try {
      const response = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
        body: { emailAddress: 'x@example.com' },
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === '__Host-baton_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.domain).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
