import { verifyCallback } from '../../../src/client/features/signIn/oidc/verifyCallback';
import type { PendingSignIn } from '../../../src/client/features/signIn/oidc/pendingSignIn';
import { orderProviders } from '../../../src/client/features/signIn/providerOrder';

const pending: PendingSignIn = {
  provider: 'Microsoft',
  state: 'state-123',
  codeVerifier: 'v'.repeat(43),
  redirectUri: 'https://baton.test/auth/msft',
};
const search = (query: string) => new URLSearchParams(query);

test('the answer to the sign-in this tab started is accepted', () => {
  expect(verifyCallback('Microsoft', search('code=abc&state=state-123'), pending)).toEqual({
    ok: true,
    code: 'abc',
    pending,
  });
});

test.each([
  ['a different state', 'Microsoft', 'code=abc&state=other', pending],
  ['no sign-in started', 'Microsoft', 'code=abc&state=state-123', null],
  ['another provider', 'Google', 'code=abc&state=state-123', pending],
] as const)('%s is refused', (_case, provider, query, started) => {
  const check = verifyCallback(provider, search(query), started);
  expect(check.ok).toBe(false);
});

test('a provider error is reported with its description', () => {
  const check = verifyCallback(
    'Microsoft',
    search('error=access_denied&error_description=User+cancelled&state=state-123'),
    pending,
  );
  expect(check).toEqual({ ok: false, message: 'Microsoft did not sign you in (User cancelled).' });
});

test('providers keep their order with the last used first', () => {
  const providers = (['Test', 'Microsoft', 'Apple', 'Google'] as const).map((identityProvider) => ({
    identityProvider,
    enabled: true,
  }));
  expect(orderProviders(providers, null).map((p) => p.identityProvider)).toEqual([
    'Apple',
    'Google',
    'Microsoft',
    'Test',
  ]);
  expect(orderProviders(providers, 'Microsoft').map((p) => p.identityProvider)).toEqual([
    'Microsoft',
    'Apple',
    'Google',
    'Test',
  ]);
});
