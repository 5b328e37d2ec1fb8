import { loadConfig } from '../../../src/server/config/config';
import { createOidcProviders, type OidcProvidersOptions } from '../../../src/server/integrations/oidc';
import {
  alteringTokenRequests,
  causeText,
  discoveryDocument,
  exchangeFailure,
  pkceAndNonce,
  rsaSigningKey,
  startFakeIdentityProviders,
  type FakeIdentityProviders,
} from './fakeIdentityProvider';

const PUBLIC_URL = 'https://baton.test';
const REDIRECT_URI = `${PUBLIC_URL}/auth/google`;
const baton = { clientId: 'baton-google', clientSecret: 'google-secret', redirectUri: REDIRECT_URI };
const otherApp = { clientId: 'other-app', clientSecret: 'other-secret', redirectUri: REDIRECT_URI };
const accounts = [
  { sub: 'alice-sub', email: 'Alice@Example.com', email_verified: true },
  { sub: 'bob-sub', email: 'bob@example.com', email_verified: false },
];

let idp: FakeIdentityProviders;
let googleIssuer: string;

const googleConfig = (issuerUrl: string) =>
  loadConfig({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: baton.clientId,
    GOOGLE_CLIENT_SECRET: baton.clientSecret,
    GOOGLE_ISSUER_URL: issuerUrl,
  });

const providersFor = (issuerUrl: string, options: OidcProvidersOptions = {}) =>
  createOidcProviders(googleConfig(issuerUrl), { allowInsecureRequests: true, ...options });

/** Signs `account` in at the provider behind `issuerUrl` and returns what the browser would post. */
async function signIn(issuerUrl: string, options: { account?: string; clientId?: string; nonce?: string } = {}) {
  const { codeVerifier, codeChallenge, nonce } = await pkceAndNonce();
  const metadata = await discoveryDocument(issuerUrl);
  const code = await idp.authorize({
    authorizationEndpoint: String(metadata['authorization_endpoint']),
    clientId: options.clientId ?? baton.clientId,
    redirectUri: REDIRECT_URI,
    scope: 'openid email',
    nonce: options.nonce ?? nonce,
    codeChallenge,
    account: options.account ?? 'alice-sub',
  });
  return { identityProvider: 'Google' as const, code, codeVerifier, redirectUri: REDIRECT_URI };
}

beforeAll(async () => {
  idp = await startFakeIdentityProviders();
  // The forger below signs with a different key under the same key id, so only the signature gives it away.
  googleIssuer = await idp.addIssuer({
    mountPath: '/google',
    clients: [baton, otherApp],
    accounts,
    signingKey: { ...rsaSigningKey(), kid: 'google-key-1' },
  });

  // An impostor: its discovery document claims the trusted issuer, its tokens name another.
  const impostorIssuer = await idp.addIssuer({ mountPath: '/impostor', clients: [baton], accounts });
  idp.serveJson('/google-impostor/.well-known/openid-configuration', async () => ({
    ...(await discoveryDocument(impostorIssuer)),
    issuer: `${idp.baseUrl}/google-impostor`,
  }));

  // A forger: right issuer name, but its tokens are signed with a key that is not the published one.
  const forgerIssuer = await idp.addIssuer({
    mountPath: '/forger',
    issuer: `${idp.baseUrl}/google-forged`,
    clients: [baton],
    accounts,
    signingKey: { ...rsaSigningKey(), kid: 'google-key-1' },
  });
  idp.serveJson('/google-forged/.well-known/openid-configuration', async () => ({
    ...(await discoveryDocument(`${idp.baseUrl}/forger`)),
    issuer: forgerIssuer,
    jwks_uri: `${googleIssuer}/jwks`,
  }));
});

afterAll(() => idp.close());

describe('Google sign-in against a real OpenID provider', () => {
  test('describe() offers what the browser needs to start the flow', async () => {
    const providers = await providersFor(googleIssuer).describe();
    expect(providers).toEqual([
      { identityProvider: 'Apple', enabled: false },
      {
        identityProvider: 'Google',
        enabled: true,
        authorizationEndpoint: `${googleIssuer}/auth`,
        clientId: baton.clientId,
        scope: 'openid email',
      },
      { identityProvider: 'Microsoft', enabled: false },
    ]);
  });

  test('a good exchange returns the verified identity', async () => {
    const identity = await providersFor(googleIssuer).exchange(await signIn(googleIssuer));
    expect(identity).toEqual({
      identityProvider: 'Google',
      issuer: googleIssuer,
      subject: 'alice-sub',
      emailAddress: 'alice@example.com',
    });
  });

  test('an ID token for another client id is refused (aud)', async () => {
    // The code is issued to another app; on the way out its credentials replace Baton's, so the
    // provider answers with a genuine ID token whose audience is that app.
    const swapClient = alteringTokenRequests((body) => {
      body.set('client_id', otherApp.clientId);
      body.set('client_secret', otherApp.clientSecret);
    });
    const error = await exchangeFailure(
      providersFor(googleIssuer, { fetch: swapClient }).exchange(
        await signIn(googleIssuer, { clientId: otherApp.clientId }),
      ),
    );
    expect(error.message).toBe('The sign-in could not be verified');
    expect(causeText(error)).toMatch(/"aud"/);
  });

  test('an ID token from another issuer is refused (iss)', async () => {
    const issuerUrl = `${idp.baseUrl}/google-impostor`;
    const error = await exchangeFailure(providersFor(issuerUrl).exchange(await signIn(issuerUrl)));
    expect(error.message).toBe('The sign-in could not be verified');
    expect(causeText(error)).toMatch(/"iss"/);
  });

  test('an ID token not signed by a key of the provider JWKS is refused (signature)', async () => {
    const issuerUrl = `${idp.baseUrl}/google-forged`;
    const error = await exchangeFailure(providersFor(issuerUrl).exchange(await signIn(issuerUrl)));
    expect(error.message).toBe('The sign-in could not be verified');
    expect(causeText(error)).toMatch(/signature/i);
  });

  test('a discovery document naming another issuer disables the provider', async () => {
    const issuerUrl = `${idp.baseUrl}/google-impostor-path`;
    idp.serveJson('/google-impostor-path/.well-known/openid-configuration', () => discoveryDocument(googleIssuer));
    const providers = providersFor(issuerUrl);
    expect((await providers.describe())[1]).toEqual({ identityProvider: 'Google', enabled: false });
    const error = await exchangeFailure(providers.exchange(await signIn(googleIssuer)));
    expect(error.message).toBe('Google sign-in is unavailable right now, please try again later');
  });

  test('an expired ID token is refused (exp)', async () => {
    const input = await signIn(googleIssuer);
    idp.setTokenClockOffset(-3600); // the provider issues the token as if an hour ago
    try {
      const error = await exchangeFailure(providersFor(googleIssuer).exchange(input));
      expect(causeText(error)).toMatch(/"exp"/);
    } finally {
      idp.setTokenClockOffset(0);
    }
  });

  test('an ID token whose nonce is not derived from the code verifier is refused', async () => {
    const input = await signIn(googleIssuer, { nonce: 'a-nonce-the-verifier-does-not-produce' });
    const error = await exchangeFailure(providersFor(googleIssuer).exchange(input));
    expect(error.message).toBe('The sign-in could not be verified');
    expect(causeText(error)).toMatch(/"nonce"/);
  });

  test('a wrong PKCE code verifier is refused by the provider', async () => {
    const input = await signIn(googleIssuer);
    const { codeVerifier: otherVerifier } = await pkceAndNonce();
    const error = await exchangeFailure(providersFor(googleIssuer).exchange({ ...input, codeVerifier: otherVerifier }));
    expect(error.message).toBe('The sign-in could not be verified');
    expect(causeText(error)).toMatch(/invalid_grant/);
  });

  test('a code can be redeemed only once', async () => {
    const providers = providersFor(googleIssuer);
    const input = await signIn(googleIssuer);
    await providers.exchange(input);
    await exchangeFailure(providers.exchange(input));
  });

  test('an e-mail address Google has not verified is not the address (only an existing user may sign in)', async () => {
    const identity = await providersFor(googleIssuer).exchange(await signIn(googleIssuer, { account: 'bob-sub' }));
    expect(identity).toEqual({
      identityProvider: 'Google',
      issuer: googleIssuer,
      subject: 'bob-sub',
      noAddressReason: expect.stringContaining('Your Google account did not share a verified e-mail address'),
    });
  });

  test('a redirect URI other than /auth/google is refused before any request', async () => {
    let requests = 0;
    const counting: OidcProvidersOptions['fetch'] = (url, options) => {
      requests += 1;
      return fetch(url, options as RequestInit);
    };
    for (const redirectUri of [
      `${PUBLIC_URL}/auth/msft`,
      `${PUBLIC_URL}/auth/google/`,
      `https://evil.test/auth/google`,
    ]) {
      const error = await exchangeFailure(
        providersFor(googleIssuer, { fetch: counting }).exchange({
          identityProvider: 'Google',
          code: 'any-code',
          codeVerifier: 'v'.repeat(43),
          redirectUri,
        }),
      );
      expect(error.message).toBe('The Google sign-in returned to an unexpected address');
    }
    expect(requests).toBe(0);
  });

  test('an unconfigured provider is refused', async () => {
    const providers = providersFor(googleIssuer);
    for (const identityProvider of ['Apple', 'Microsoft'] as const) {
      const error = await exchangeFailure(
        providers.exchange({
          identityProvider,
          code: 'any-code',
          codeVerifier: 'v'.repeat(43),
          redirectUri: `${PUBLIC_URL}/auth/${identityProvider === 'Apple' ? 'apple' : 'msft'}`,
        }),
      );
      expect(error.message).toBe(`${identityProvider} sign-in is not configured`);
    }
  });

  test('http issuers are refused unless allowInsecureRequests is set', async () => {
    const providers = createOidcProviders(googleConfig(googleIssuer));
    expect((await providers.describe())[1]).toEqual({ identityProvider: 'Google', enabled: false });
  });
});
