import { createHash } from 'node:crypto';
import { startOidcSignIn, ProviderNotConfiguredError } from '../../../src/client/features/signIn/oidc/startOidcSignIn';
import { loadPendingSignIn } from '../../../src/client/features/signIn/oidc/pendingSignIn';
import { codeChallengeS256 } from '../../../src/client/features/signIn/oidc/pkce';
import { nonceForCodeVerifier } from '../../../src/shared/oidcNonce';
import type { ProviderInfo } from '../../../src/client/features/signIn/providerInfo';

const google: ProviderInfo = {
  identityProvider: 'Google',
  enabled: true,
  authorizationEndpoint: 'https://accounts.google.test/o/oauth2/v2/auth',
  clientId: 'google-client',
  scope: 'openid email',
};
const origin = 'https://baton.test';

beforeEach(() => sessionStorage.clear());

test('the authorization request carries the code flow, PKCE S256, state and nonce', async () => {
  const url = new URL(await startOidcSignIn(google, { origin }));
  const params = url.searchParams;
  expect(`${url.origin}${url.pathname}`).toBe(google.authorizationEndpoint);
  expect(params.get('response_type')).toBe('code');
  expect(params.get('client_id')).toBe('google-client');
  expect(params.get('redirect_uri')).toBe('https://baton.test/auth/google');
  expect(params.get('scope')).toBe('openid email');
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.has('response_mode')).toBe(false);

  const pending = loadPendingSignIn();
  expect(pending).not.toBeNull();
  expect(params.get('state')).toBe(pending?.state);
  expect(pending?.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(pending?.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(pending?.redirectUri).toBe('https://baton.test/auth/google');

  // The challenge is base64url(SHA-256(verifier)), checked with Node's own hash.
  const expected = createHash('sha256').update(pending!.codeVerifier).digest('base64url');
  expect(params.get('code_challenge')).toBe(expected);
  expect(params.get('nonce')).toBe(await nonceForCodeVerifier(pending!.codeVerifier));
});

test('each start makes a fresh state and verifier', async () => {
  await startOidcSignIn(google, { origin });
  const first = loadPendingSignIn();
  await startOidcSignIn(google, { origin });
  const second = loadPendingSignIn();
  expect(second?.state).not.toBe(first?.state);
  expect(second?.codeVerifier).not.toBe(first?.codeVerifier);
});

test('Microsoft returns to /auth/msft; Apple also asks for form_post', async () => {
  const microsoft = new URL(
    await startOidcSignIn(
      { ...google, identityProvider: 'Microsoft', authorizationEndpoint: 'https://login.microsoft.test/authorize' },
      { origin },
    ),
  );
  expect(microsoft.searchParams.get('redirect_uri')).toBe('https://baton.test/auth/msft');

  const apple = new URL(
    await startOidcSignIn(
      { ...google, identityProvider: 'Apple', authorizationEndpoint: 'https://appleid.apple.test/auth/authorize' },
      { origin },
    ),
  );
  expect(apple.searchParams.get('redirect_uri')).toBe('https://baton.test/auth/apple');
  expect(apple.searchParams.get('response_mode')).toBe('form_post');
});

test('an invite code is kept for the callback', async () => {
  await startOidcSignIn(google, { origin, inviteCode: 'INVITE-1234' });
  expect(loadPendingSignIn()?.inviteCode).toBe('INVITE-1234');
});

test('a provider without endpoint or client id cannot start', async () => {
  await expect(startOidcSignIn({ identityProvider: 'Apple', enabled: false }, { origin })).rejects.toBeInstanceOf(
    ProviderNotConfiguredError,
  );
  expect(loadPendingSignIn()).toBeNull();
});

test('the S256 challenge matches RFC 7636 appendix B', async () => {
  expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
    'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  );
});
