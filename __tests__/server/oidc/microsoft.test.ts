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
  { sub: 'dana-sub', tid: TENANT, email: 'Dana@Contoso.com', preferred_username: 'dana@contoso.com' },
  { sub: 'erin-sub', tid: TENANT, preferred_username: 'erin@contoso.com' },
  { sub: 'finn-sub', tid: TENANT, preferred_username: 'finn' },
  // A token whose tid names another tenant than the one that issued it.
  { sub: 'mallory-sub', tid: OTHER_TENANT, email: 'mallory@fabrikam.com' },
];

let idp: FakeIdentityProviders;
let localTenantUrl: string;

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

async function signIn(account: string) {
  const { codeVerifier, codeChallenge, nonce } = await pkceAndNonce();
  const code = await idp.authorize({
    authorizationEndpoint: `${localTenantUrl}/auth`,
    clientId: baton.clientId,
    redirectUri: REDIRECT_URI,
    scope: 'openid email profile',
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
  // The multi-tenant "common" discovery document announces an issuer template, as Microsoft's does.
  idp.serveJson('/common/v2.0/.well-known/openid-configuration', async () => ({
    ...(await discoveryDocument(localTenantUrl)),
    issuer: `${MICROSOFT}/{tenantid}/v2.0`,
  }));
});

afterAll(() => idp.close());

describe('Microsoft sign-in against a real OpenID provider with tenant-style issuers', () => {
  test('describe() offers the common endpoint and the profile scope', async () => {
    const microsoft = (await providersFor().describe())[2];
    expect(microsoft).toEqual({
      identityProvider: 'Microsoft',
      enabled: true,
      authorizationEndpoint: `${localTenantUrl}/auth`,
      clientId: baton.clientId,
      scope: 'openid email profile',
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

  test('without an email claim, an e-mail-like preferred_username is the address', async () => {
    const identity = await providersFor().exchange(await signIn('erin-sub'));
    expect(identity.emailAddress).toBe('erin@contoso.com');
  });

  test('an account with no e-mail address at all is refused', async () => {
    const error = await exchangeFailure(providersFor().exchange(await signIn('finn-sub')));
    expect(error.message).toBe('Your Microsoft account did not share an e-mail address');
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
