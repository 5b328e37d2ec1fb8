import { loadConfig } from '../../../src/server/config/config';
import { createOidcProviders } from '../../../src/server/integrations/oidc';
import { expectedMicrosoftIssuer, isMicrosoftIssuerValid } from '../../../src/server/integrations/oidc/microsoftIssuer';
import type { IDToken } from 'openid-client';
import {
  causeText,
  discoveryDocument,
  exchangeFailure,
  fetchRouting,
  pkceAndNonce,
  startFakeIdentityProviders,
  type FakeIdentityProviders,
} from './fakeIdentityProvider';

const MICROSOFT = 'https://login.microsoftonline.com';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const OTHER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const PUBLIC_URL = 'https://baton.test';
const REDIRECT_URI = `${PUBLIC_URL}/auth/msft`;
const baton = { clientId: 'baton-msft', clientSecret: 'msft-secret', redirectUri: REDIRECT_URI };
const accounts = [
  // xms_edov: the optional claim saying the tenant owns the address's domain (verified).
  { sub: 'dana-sub', tid: TENANT, email: 'Dana@Contoso.com', xms_edov: true, preferred_username: 'dana@contoso.com' },
  { sub: 'erin-sub', tid: TENANT, preferred_username: 'erin@contoso.com' },
  { sub: 'finn-sub', tid: TENANT, preferred_username: 'finn' },
  // A Mail attribute the tenant set to an address of a domain it does not own.
  { sub: 'gwen-sub', tid: TENANT, email: 'ceo@fabrikam.com' },
  { sub: 'hugo-sub', tid: TENANT, email: 'ceo@fabrikam.com', xms_edov: false },
  // A token whose tid names another tenant than the one that issued it (the personal-accounts tenant).
  { sub: 'mallory-sub', tid: OTHER_TENANT, email: 'mallory@fabrikam.com' },
];
const personalAccounts = [{ sub: 'pat-sub', tid: OTHER_TENANT, email: 'Pat@Outlook.com' }];

let idp: FakeIdentityProviders;
let localTenantUrl: string;
let personalAccountsUrl: string;

/** Microsoft's endpoints, served by the fake provider: the test's fetch routes login.microsoftonline.com to it. */
function providersFor(tenantId?: string) {
  const config = loadConfig({
    PUBLIC_URL,
    MICROSOFT_CLIENT_ID: baton.clientId,
    MICROSOFT_CLIENT_SECRET: baton.clientSecret,
    MICROSOFT_TENANT_ID: tenantId,
  });
  return createOidcProviders(config, { allowInsecureRequests: true, fetch: fetchRouting(MICROSOFT, idp.baseUrl) });
}

async function signIn(account: string, tenantUrl = localTenantUrl) {
  const { codeVerifier, codeChallenge, nonce } = await pkceAndNonce();
  const code = await idp.authorize({
    authorizationEndpoint: `${tenantUrl}/auth`,
    clientId: baton.clientId,
    redirectUri: REDIRECT_URI,
    scope: 'openid email',
    nonce,
    codeChallenge,
    account,
  });
  return { identityProvider: 'Microsoft' as const, code, codeVerifier, redirectUri: REDIRECT_URI };
}

beforeAll(async () => {
  idp = await startFakeIdentityProviders();
  // The tenant's own provider: issuer https://login.microsoftonline.com/{tenant}/v2.0, served under that path.
  await idp.addIssuer({
    mountPath: `/${TENANT}/v2.0`,
    issuer: `${MICROSOFT}/${TENANT}/v2.0`,
    clients: [baton],
    accounts,
  });
  localTenantUrl = `${idp.baseUrl}/${TENANT}/v2.0`;
  // Personal accounts: the consumers endpoint announces the personal-accounts tenant's exact issuer.
  await idp.addIssuer({
    mountPath: `/${OTHER_TENANT}/v2.0`,
    issuer: `${MICROSOFT}/${OTHER_TENANT}/v2.0`,
    clients: [baton],
    accounts: personalAccounts,
  });
  personalAccountsUrl = `${idp.baseUrl}/${OTHER_TENANT}/v2.0`;
  idp.serveJson('/consumers/v2.0/.well-known/openid-configuration', () => discoveryDocument(personalAccountsUrl));
  // The multi-tenant "common" discovery document announces an issuer template, as Microsoft's does.
  idp.serveJson('/common/v2.0/.well-known/openid-configuration', async () => ({
    ...(await discoveryDocument(localTenantUrl)),
    issuer: `${MICROSOFT}/{tenantid}/v2.0`,
  }));
});

afterAll(() => idp.close());

describe('Microsoft sign-in against a real OpenID provider with tenant-style issuers', () => {
  test('describe() offers the common endpoint and only the e-mail scope', async () => {
    const microsoft = (await providersFor().describe())[2];
    expect(microsoft).toEqual({
      identityProvider: 'Microsoft',
      enabled: true,
      authorizationEndpoint: `${localTenantUrl}/auth`,
      clientId: baton.clientId,
      scope: 'openid email',
    });
  });

  test('tenant common: the token issued by the user tenant is accepted', async () => {
    const identity = await providersFor().exchange(await signIn('dana-sub'));
    expect(identity).toEqual({
      identityProvider: 'Microsoft',
      issuer: `${MICROSOFT}/${TENANT}/v2.0`,
      subject: 'dana-sub',
      emailAddress: 'dana@contoso.com',
    });
  });

  test('a specific tenant: the token must come from exactly that issuer', async () => {
    const identity = await providersFor(TENANT).exchange(await signIn('dana-sub'));
    expect(identity.issuer).toBe(`${MICROSOFT}/${TENANT}/v2.0`);
  });

  test('a token whose tid names another tenant than its issuer is refused', async () => {
    const error = await exchangeFailure(providersFor().exchange(await signIn('mallory-sub')));
    expect(error.message).toBe('The sign-in could not be verified');
    expect(causeText(error)).toMatch(/"iss"/);
  });

  test('an email claim without xms_edov, or with xms_edov false, is not an address', async () => {
    for (const account of ['gwen-sub', 'hugo-sub']) {
      const identity = await providersFor().exchange(await signIn(account));
      expect(identity).toEqual({
        identityProvider: 'Microsoft',
        issuer: `${MICROSOFT}/${TENANT}/v2.0`,
        subject: account,
        noAddressReason: expect.stringContaining('"email" and "xms_edov"'),
      });
    }
  });

  test('preferred_username is never the address, e-mail-like or not', async () => {
    for (const account of ['erin-sub', 'finn-sub']) {
      const identity = await providersFor().exchange(await signIn(account));
      expect(identity.emailAddress).toBeUndefined();
      expect(identity.noAddressReason).toMatch(/^Your Microsoft account did not share a verified e-mail address/);
    }
  });

  test('a personal Microsoft account: its address is one Microsoft verified', async () => {
    const identity = await providersFor('consumers').exchange(await signIn('pat-sub', personalAccountsUrl));
    expect(identity).toEqual({
      identityProvider: 'Microsoft',
      issuer: `${MICROSOFT}/${OTHER_TENANT}/v2.0`,
      subject: 'pat-sub',
      emailAddress: 'pat@outlook.com',
    });
  });

  test('a tid naming the personal-accounts tenant in a work tenant token does not vouch for the address', async () => {
    // Single tenant: the issuer is exact, so the stray tid passes the issuer check but must not count.
    const identity = await providersFor(TENANT).exchange(await signIn('mallory-sub'));
    expect(identity.issuer).toBe(`${MICROSOFT}/${TENANT}/v2.0`);
    expect(identity.emailAddress).toBeUndefined();
  });

  test('the redirect URI must be /auth/msft', async () => {
    const input = await signIn('dana-sub');
    const error = await exchangeFailure(
      providersFor().exchange({ ...input, redirectUri: `${PUBLIC_URL}/auth/microsoft` }),
    );
    expect(error.message).toBe('The Microsoft sign-in returned to an unexpected address');
  });
});

describe('the Microsoft issuer check', () => {
  const claims = (iss: string, tid?: unknown) => ({ iss, sub: 's', aud: 'a', iat: 0, exp: 0, tid }) as IDToken;
  const template = `${MICROSOFT}/{tenantid}/v2.0`;
  const tenantIssuer = (tenant: string) => `${MICROSOFT}/${tenant}/v2.0`;

  test('common / organizations: the template takes the token tid', () => {
    for (const tenantId of ['common', 'organizations']) {
      const settings = { tenantId, discoveredIssuer: template };
      expect(expectedMicrosoftIssuer(settings, claims('x', TENANT))).toBe(tenantIssuer(TENANT));
      expect(isMicrosoftIssuerValid(settings, claims(tenantIssuer(TENANT), TENANT))).toBe(true);
      expect(isMicrosoftIssuerValid(settings, claims(tenantIssuer(TENANT), OTHER_TENANT))).toBe(false);
    }
  });

  test('multi-tenant: a missing or malformed tid fails', () => {
    const settings = { tenantId: 'common', discoveredIssuer: template };
    for (const tid of [undefined, 42, '', '../evil', `${TENANT}/x`]) {
      expect(isMicrosoftIssuerValid(settings, claims(tenantIssuer(String(tid)), tid))).toBe(false);
    }
  });

  test('consumers and single tenants: exactly the announced issuer, whatever tid says', () => {
    const consumers = { tenantId: 'consumers', discoveredIssuer: tenantIssuer(OTHER_TENANT) };
    expect(isMicrosoftIssuerValid(consumers, claims(tenantIssuer(OTHER_TENANT), OTHER_TENANT))).toBe(true);
    const single = { tenantId: TENANT, discoveredIssuer: tenantIssuer(TENANT) };
    expect(isMicrosoftIssuerValid(single, claims(tenantIssuer(TENANT), TENANT))).toBe(true);
    expect(isMicrosoftIssuerValid(single, claims(tenantIssuer(OTHER_TENANT), OTHER_TENANT))).toBe(false);
  });

  test('a single tenant whose discovery announces a template is refused (it would admit every tenant)', () => {
    const settings = { tenantId: TENANT, discoveredIssuer: template };
    expect(isMicrosoftIssuerValid(settings, claims(tenantIssuer(TENANT), TENANT))).toBe(false);
  });
});
