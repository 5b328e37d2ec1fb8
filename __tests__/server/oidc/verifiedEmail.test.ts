import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
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
import { createOidcProviders } from '../../../src/server/integrations/oidc';
import { buildTestApp, call, signInAs, type TestApp } from '../helpers/testApp';
import {
  discoveryDocument,
  fetchRouting,
  pkceAndNonce,
  startFakeIdentityProviders,
  type FakeIdentityProviders,
  type TestAccount,
} from './fakeIdentityProvider';

/**
 * Microsoft sign-in on the whole app against a real OpenID provider standing in for an Entra tenant:
 * an address Microsoft does not vouch for (no `xms_edov`) never creates a user, never claims an
 * account or an invite, and never stands in the way of the address's owner.
 */

const MICROSOFT = 'https://login.microsoftonline.com';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const ISSUER = `${MICROSOFT}/${TENANT}/v2.0`;
const PUBLIC_URL = 'https://baton.test';
const REDIRECT_URI = `${PUBLIC_URL}/auth/msft`;
const baton = { clientId: 'baton-msft', clientSecret: 'msft-secret', redirectUri: REDIRECT_URI };
const VICTIM = 'victim@contoso.com';

const tenantAccounts: TestAccount[] = [
  // Mallory's tenant admin set her Mail attribute to the victim's address: Microsoft sends it without xms_edov.
  { sub: 'mallory-sub', tid: TENANT, email: VICTIM },
  { sub: 'mallory-false-sub', tid: TENANT, email: VICTIM, xms_edov: false },
  { sub: 'mallory-upn-sub', tid: TENANT, preferred_username: VICTIM },
  // The address's owner, with the optional claim enabled on Baton's app registration.
  { sub: 'victim-sub', tid: TENANT, email: 'Victim@Contoso.com', xms_edov: true },
  // Signed in once with xms_edov; the test then takes the claim away.
  { sub: 'olive-sub', tid: TENANT, email: 'olive@contoso.com', xms_edov: true },
];
const account = (sub: string) => tenantAccounts.find((candidate) => candidate.sub === sub) as TestAccount;

let idp: FakeIdentityProviders;
let t: TestApp;

async function exchangeToken(sub: string, inviteCode?: string) {
  const { codeVerifier, codeChallenge, nonce } = await pkceAndNonce();
  const code = await idp.authorize({
    authorizationEndpoint: `${idp.baseUrl}/${TENANT}/v2.0/auth`,
    clientId: baton.clientId,
    redirectUri: REDIRECT_URI,
    scope: 'openid email',
    nonce,
    codeChallenge,
    account: sub,
  });
  const body = { identityProvider: 'Microsoft', code, codeVerifier, redirectUri: REDIRECT_URI, inviteCode };
  return call(t.app, 'POST', '/v1/auth/exchange-token', { body });
}

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

const usersWithAddress = (emailAddress: string) =>
  t.app.db.select().from(users).where(eq(users.emailAddress, emailAddress));
const accountsWithId = (accountId: string) => t.app.db.select().from(accounts).where(eq(accounts.id, accountId));

/** An invite to the lead's team for `emailAddress`. */
async function inviteTo(emailAddress: string) {
  const lead = await signInAs(t.app, `lead-${randomBytes(4).toString('hex')}@example.com`);
  const inviteCode = randomBytes(16).toString('base64url');
  await t.app.db.insert(invites).values({
    inviteCode,
    teamId: lead.context.activeTeam.id,
    emailAddress,
    role: 1,
    expiresAt: new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000),
  });
  return { inviteCode, teamId: lead.context.activeTeam.id as string };
}

beforeAll(async () => {
  idp = await startFakeIdentityProviders();
  await idp.addIssuer({ mountPath: `/${TENANT}/v2.0`, issuer: ISSUER, clients: [baton], accounts: tenantAccounts });
  // The multi-tenant "common" endpoint announces an issuer template, as Microsoft's does.
  idp.serveJson('/common/v2.0/.well-known/openid-configuration', async () => ({
    ...(await discoveryDocument(`${idp.baseUrl}/${TENANT}/v2.0`)),
    issuer: `${MICROSOFT}/{tenantid}/v2.0`,
  }));
  const config = loadConfig({
    PUBLIC_URL,
    MICROSOFT_CLIENT_ID: baton.clientId,
    MICROSOFT_CLIENT_SECRET: baton.clientSecret,
  });
  const oidc = createOidcProviders(config, {
    allowInsecureRequests: true,
    fetch: fetchRouting(MICROSOFT, idp.baseUrl),
  });
  t = await buildTestApp({ PUBLIC_URL }, { oidc });
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('an address Microsoft does not vouch for', () => {
  test('creates no user, no account and no session, and tells the user what their admin must enable', async () => {
    for (const sub of ['mallory-sub', 'mallory-false-sub', 'mallory-upn-sub']) {
      const before = await rowCounts();
      const response = await exchangeToken(sub);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        result: 'InvalidRequest',
        message: expect.stringMatching(
          /^Your Microsoft account did not share a verified e-mail address.*optional ID token claims "email" and "xms_edov"/,
        ),
      });
      expect(response.cookies).toEqual([]);
      expect(await rowCounts()).toEqual(before);
      expect(await usersWithAddress(VICTIM)).toEqual([]);
      expect(await accountsWithId(VICTIM)).toEqual([]);
    }
  });

  test('cannot take an invite sent to that address', async () => {
    const { inviteCode, teamId } = await inviteTo(VICTIM);
    const before = await rowCounts();

    const response = await exchangeToken('mallory-sub', inviteCode);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/did not share a verified e-mail address/);
    expect(await rowCounts()).toEqual(before);
    const [invite] = await t.app.db.select().from(invites).where(eq(invites.inviteCode, inviteCode));
    expect(invite?.acceptedAt).toBeNull();
    expect(await t.app.db.select().from(memberships).where(eq(memberships.teamId, teamId))).toHaveLength(1);
  });

  test('leaves the address to its owner, whose verified sign-in creates the user and account', async () => {
    expect((await exchangeToken('mallory-sub')).statusCode).toBe(400);

    const response = await exchangeToken('victim-sub');

    expect(response.statusCode).toBe(200);
    const context = response.json().data.coreApplicationContext;
    expect(context.userContext).toMatchObject({ emailAddress: VICTIM, activeAccountId: VICTIM });
    const [victim] = await usersWithAddress(VICTIM);
    expect(
      await t.app.db
        .select()
        .from(identities)
        .where(eq(identities.userId, victim?.id ?? '')),
    ).toEqual([expect.objectContaining({ identityProvider: 'Microsoft', issuer: ISSUER, subject: 'victim-sub' })]);
    expect(await accountsWithId(VICTIM)).toHaveLength(1);
  });

  test('cannot sign in as the user who owns that address, nor add an identity to them', async () => {
    const owner = await exchangeToken('victim-sub');
    const ownerId = owner.json().data.coreApplicationContext.userContext.userId;
    const before = await rowCounts();

    const response = await exchangeToken('mallory-sub');

    expect(response.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
    expect(await t.app.db.select().from(identities).where(eq(identities.userId, ownerId))).toEqual([
      expect.objectContaining({ subject: 'victim-sub' }),
    ]);
  });
});

describe('an existing user', () => {
  test('keeps signing in with their identity when the token stops carrying xms_edov', async () => {
    const olive = account('olive-sub');
    const first = await exchangeToken('olive-sub');
    expect(first.statusCode).toBe(200);
    const userId = first.json().data.coreApplicationContext.userContext.userId;

    delete olive['xms_edov'];
    try {
      const before = await rowCounts();
      const again = await exchangeToken('olive-sub');

      expect(again.statusCode).toBe(200);
      expect(again.json().data.coreApplicationContext.userContext).toMatchObject({
        userId,
        emailAddress: 'olive@contoso.com',
      });
      // A new session and nothing else.
      expect(await rowCounts()).toEqual({ ...before, sessions: (before['sessions'] ?? 0) + 1 });

      // An invite is matched against the address the user already has.
      const { inviteCode, teamId } = await inviteTo('olive@contoso.com');
      const joined = await exchangeToken('olive-sub', inviteCode);
      expect(joined.statusCode).toBe(200);
      expect(joined.json().data.coreApplicationContext.activeTeam.id).toBe(teamId);
    } finally {
      olive['xms_edov'] = true;
    }
  });
});
