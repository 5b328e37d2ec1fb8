import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { CustomFetch } from 'openid-client';
import { loadConfig } from '../../../src/server/config/config';
import {
  accounts,
  identities,
  invites,
  memberships,
  projects,
  sessions,
  teams,
  users,
} from '../../../src/server/db/schema';
import { createOidcProviders, type OidcProviders } from '../../../src/server/integrations/oidc';
import { buildTestApp, call, sessionCookie, signInAs, type TestApp } from '../helpers/testApp';
import {
  alteringTokenRequests,
  causeText,
  fetchRouting,
  pkceAndNonce,
  plainFetch,
  rsaSigningKey,
  startFakeIdentityProviders,
  type FakeIdentityProviders,
} from './fakeIdentityProvider';

/**
 * POST /v1/auth/exchange-token on the whole app (fresh database) against a real OpenID provider
 * standing in for Google: what a refused sign-in leaves behind (nothing) and what a good one creates.
 */

const PUBLIC_URL = 'https://baton.test';
const REDIRECT_URI = `${PUBLIC_URL}/auth/google`;
const baton = { clientId: 'baton-google', clientSecret: 'google-secret', redirectUri: REDIRECT_URI };
const otherApp = { clientId: 'other-app', clientSecret: 'other-secret', redirectUri: REDIRECT_URI };
const googleAccounts = [
  { sub: 'alice-sub', email: 'Alice@Example.com', email_verified: true },
  // Another Google account (another subject) that claims Alice's address.
  { sub: 'alice-twin-sub', email: 'alice@example.com', email_verified: true },
  // Every refused sign-in uses Eve, who therefore must never become a user.
  { sub: 'eve-sub', email: 'eve@example.com', email_verified: true },
  { sub: 'carol-sub', email: 'carol@example.com', email_verified: true },
  { sub: 'ivy-sub', email: 'ivy@example.com', email_verified: true },
];

let idp: FakeIdentityProviders;
let googleIssuer: string;
let impostorIssuer: string;
let t: TestApp;
/** What the app's token requests go through; a test may swap it and afterEach puts it back. */
let tokenFetch: CustomFetch = plainFetch;
/** The error behind the last refused exchange, to check a refusal had the intended reason. */
let lastRefusal: unknown;

/** The browser's part: signs `account` in at the provider and returns the body it would post. */
async function authorize(options: { account: string; clientId?: string; nonce?: string; issuer?: string }) {
  const { codeVerifier, codeChallenge, nonce } = await pkceAndNonce();
  const code = await idp.authorize({
    authorizationEndpoint: `${options.issuer ?? googleIssuer}/auth`,
    clientId: options.clientId ?? baton.clientId,
    redirectUri: REDIRECT_URI,
    scope: 'openid email',
    nonce: options.nonce ?? nonce,
    codeChallenge,
    account: options.account,
  });
  return { identityProvider: 'Google', code, codeVerifier, redirectUri: REDIRECT_URI };
}

const exchangeToken = (body: unknown, cookie?: string) =>
  call(t.app, 'POST', '/v1/auth/exchange-token', { body, cookie });

const usersWithAddress = (emailAddress: string) =>
  t.app.db.select().from(users).where(eq(users.emailAddress, emailAddress));

/** How many rows a sign-in could have added, table by table. */
async function rowCounts() {
  const tables = { users, identities, accounts, teams, projects, memberships, sessions };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await t.app.db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  idp = await startFakeIdentityProviders();
  // The impostor signs with Google's own key, so only the issuer it names gives its tokens away.
  const signingKey = { ...rsaSigningKey(), kid: 'google-key-1' };
  googleIssuer = await idp.addIssuer({
    mountPath: '/google',
    clients: [baton, otherApp],
    accounts: googleAccounts,
    signingKey,
  });
  impostorIssuer = await idp.addIssuer({
    mountPath: '/impostor',
    clients: [baton],
    accounts: googleAccounts,
    signingKey,
  });

  const config = loadConfig({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: baton.clientId,
    GOOGLE_CLIENT_SECRET: baton.clientSecret,
    GOOGLE_ISSUER_URL: googleIssuer,
  });
  const providers = createOidcProviders(config, {
    allowInsecureRequests: true,
    fetch: (url, options) => tokenFetch(url, options),
  });
  const oidc: OidcProviders = {
    describe: () => providers.describe(),
    exchange: (input) =>
      providers.exchange(input).catch((error: unknown) => {
        lastRefusal = error;
        throw error;
      }),
  };
  t = await buildTestApp({ PUBLIC_URL }, { oidc });
});

afterEach(() => {
  tokenFetch = plainFetch;
  lastRefusal = undefined;
  idp.setTokenClockOffset(0);
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('POST /v1/auth/exchange-token signs in', () => {
  test('a good Google sign-in answers Ok with the context, sets the session and creates the user', async () => {
    const response = await exchangeToken(await authorize({ account: 'alice-sub' }));

    expect(response.statusCode).toBe(200);
    const { result, data } = response.json();
    expect(result).toBe('Ok');
    const context = data.coreApplicationContext;
    expect(context.userContext).toMatchObject({
      emailAddress: 'alice@example.com',
      activeAccountId: 'alice@example.com',
    });
    expect(context.activeTeam.teamName).toBe("alice's team");
    expect(context.availableProjects).toHaveLength(1);

    const cookie = response.cookies.find((c) => c.name === '__Host-baton_session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    const validate = await call(t.app, 'GET', '/v1/auth/validate', { cookie: sessionCookie(response) });
    expect(validate.statusCode).toBe(200);
    expect(validate.json()).toEqual({ result: 'Ok', data: { emailAddress: 'alice@example.com' } });

    const [user] = await usersWithAddress('alice@example.com');
    expect(user?.id).toBe(context.userContext.userId);
    expect(
      await t.app.db
        .select()
        .from(identities)
        .where(eq(identities.userId, user?.id ?? '')),
    ).toEqual([expect.objectContaining({ identityProvider: 'Google', issuer: googleIssuer, subject: 'alice-sub' })]);
    expect(await t.app.db.select().from(accounts).where(eq(accounts.id, 'alice@example.com'))).toHaveLength(1);
    const [team] = await t.app.db.select().from(teams).where(eq(teams.id, context.activeTeam.id));
    expect(team?.accountId).toBe('alice@example.com');
    expect(await t.app.db.select().from(projects).where(eq(projects.teamId, context.activeTeam.id))).toEqual([
      expect.objectContaining({ id: context.availableProjects[0].id }),
    ]);
  });

  test('signing in again with the same issuer and subject finds the same user and creates nothing', async () => {
    const first = await exchangeToken(await authorize({ account: 'alice-sub' }));
    const before = await rowCounts();
    const again = await exchangeToken(await authorize({ account: 'alice-sub' }), sessionCookie(first));

    expect(again.statusCode).toBe(200);
    const firstContext = first.json().data.coreApplicationContext;
    const context = again.json().data.coreApplicationContext;
    expect(context.userContext.userId).toBe(firstContext.userContext.userId);
    expect(context.activeTeam.id).toBe(firstContext.activeTeam.id);
    // The session rotates: one replaces the other.
    expect(await rowCounts()).toEqual(before);
    expect(sessionCookie(again)).not.toBe(sessionCookie(first));
  });

  test('an invite joins the inviting team instead of creating one', async () => {
    const lead = await signInAs(t.app, 'lead@example.com');
    const inviteCode = randomBytes(16).toString('base64url');
    await t.app.db.insert(invites).values({
      inviteCode,
      teamId: lead.context.activeTeam.id,
      emailAddress: 'ivy@example.com',
      role: 1,
      expiresAt: new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000),
    });

    const response = await exchangeToken({ ...(await authorize({ account: 'ivy-sub' })), inviteCode });

    expect(response.statusCode).toBe(200);
    const context = response.json().data.coreApplicationContext;
    expect(context.activeTeam.id).toBe(lead.context.activeTeam.id);
    expect(context.activeTeam.teamMemberships).toContainEqual(
      expect.objectContaining({ memberEmailAddress: 'ivy@example.com', role: 1 }),
    );
  });
});

describe('POST /v1/auth/exchange-token refuses', () => {
  /** Posts the exchange and checks the refusal: 400 InvalidRequest, no cookie, no new rows, no user for Eve. */
  async function expectRefused(body: unknown, message = 'The sign-in could not be verified') {
    const before = await rowCounts();
    const response = await exchangeToken(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: 'InvalidRequest', message });
    expect(response.cookies).toEqual([]);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
    expect(await usersWithAddress('eve@example.com')).toEqual([]);
    return causeText((lastRefusal ?? {}) as { cause?: unknown });
  }

  test('an ID token for another client id (aud)', async () => {
    // The code is the other app's; its credentials replace Baton's on the way out, so the provider
    // answers with a genuine ID token whose audience is that app.
    tokenFetch = alteringTokenRequests((body) => {
      body.set('client_id', otherApp.clientId);
      body.set('client_secret', otherApp.clientSecret);
    });
    const body = await authorize({ account: 'eve-sub', clientId: otherApp.clientId });
    expect(await expectRefused(body)).toMatch(/"aud"/);
  });

  test('an ID token from another issuer (iss), even one signed with the trusted key', async () => {
    // The impostor's code is redeemed at the impostor's token endpoint, reached under Google's.
    tokenFetch = fetchRouting(`${googleIssuer}/token`, `${impostorIssuer}/token`);
    const body = await authorize({ account: 'eve-sub', issuer: impostorIssuer });
    expect(await expectRefused(body)).toMatch(/"iss"/);
  });

  test('an expired ID token (exp)', async () => {
    const body = await authorize({ account: 'eve-sub' });
    idp.setTokenClockOffset(-3600); // the provider issues the token as if an hour ago
    expect(await expectRefused(body)).toMatch(/"exp"/);
  });

  test('an ID token whose nonce is not derived from the code verifier', async () => {
    const body = await authorize({ account: 'eve-sub', nonce: 'a-nonce-the-verifier-does-not-produce' });
    expect(await expectRefused(body)).toMatch(/"nonce"/);
  });

  test('a wrong PKCE code verifier', async () => {
    const body = await authorize({ account: 'eve-sub' });
    const { codeVerifier } = await pkceAndNonce();
    expect(await expectRefused({ ...body, codeVerifier })).toMatch(/invalid_grant/);
  });

  test('a provider that is not configured', async () => {
    const body = await authorize({ account: 'eve-sub' });
    await expectRefused(
      { ...body, identityProvider: 'Apple', redirectUri: `${PUBLIC_URL}/auth/apple` },
      'Apple sign-in is not configured',
    );
    await expectRefused(
      { ...body, identityProvider: 'Microsoft', redirectUri: `${PUBLIC_URL}/auth/msft` },
      'Microsoft sign-in is not configured',
    );
  });

  test('a body without codeVerifier, naming the field, before any request to the provider', async () => {
    const { codeVerifier: _omitted, ...body } = await authorize({ account: 'eve-sub' });
    const before = await rowCounts();
    const response = await exchangeToken(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      result: 'InvalidRequest',
      message: expect.stringContaining('body.codeVerifier'),
    });
    expect(response.cookies).toEqual([]);
    expect(lastRefusal).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the identity is (issuer, subject), never the e-mail address alone', () => {
  const TAKEN =
    'This e-mail address already belongs to a Baton user who signs in with another provider. Sign in with that provider.';

  test('a Google identity whose address belongs to a Test-provider user is refused', async () => {
    const { context } = await signInAs(t.app, 'carol@example.com');
    const before = await rowCounts();

    const response = await exchangeToken(await authorize({ account: 'carol-sub' }));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: 'InvalidRequest', message: TAKEN });
    expect(response.cookies).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    const carols = await usersWithAddress('carol@example.com');
    expect(carols.map((user) => user.id)).toEqual([context.userContext.userId]);
    expect(await t.app.db.select().from(identities).where(eq(identities.userId, context.userContext.userId))).toEqual([
      expect.objectContaining({ identityProvider: 'Test', subject: 'carol@example.com' }),
    ]);
  });

  test('another Google subject with the same address as a Google user is refused too', async () => {
    const alice = await exchangeToken(await authorize({ account: 'alice-sub' }));
    expect(alice.statusCode).toBe(200);
    const before = await rowCounts();

    const twin = await exchangeToken(await authorize({ account: 'alice-twin-sub' }));

    expect(twin.statusCode).toBe(400);
    expect(twin.json()).toEqual({ result: 'InvalidRequest', message: TAKEN });
    expect(twin.cookies).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect(await usersWithAddress('alice@example.com')).toHaveLength(1);
  });
});
