import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { loadPendingSignIn, savePendingSignIn } from '../../../src/client/features/signIn/oidc/pendingSignIn';
import { server } from '../helpers/server';
import { PENDING_ANSWERS_KEY } from '../../../src/client/features/assessment/pendingAnswersKey';
import { renderApp } from '../sites/renderApp';

const exchangeUrl = `${location.origin}/v1/auth/exchange-token`;
const verifier = 'v'.repeat(43);

function startedSignIn(inviteCode?: string) {
  savePendingSignIn({
    provider: 'Microsoft',
    state: 'state-from-this-tab',
    codeVerifier: verifier,
    redirectUri: `${location.origin}/auth/msft`,
    inviteCode,
  });
}

function recordExchanges() {
  const bodies: unknown[] = [];
  server.use(
    http.post(exchangeUrl, async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

test('the code is exchanged with its verifier and the app opens', async () => {
  startedSignIn('good-invite-code');
  const exchanges = recordExchanges();
  const { router } = renderApp('/auth/msft?code=the-code&state=state-from-this-tab');

  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(router.location.pathname).toBe('/');
  expect(exchanges).toEqual([
    {
      identityProvider: 'Microsoft',
      code: 'the-code',
      codeVerifier: verifier,
      redirectUri: `${location.origin}/auth/msft`,
      inviteCode: 'good-invite-code',
    },
  ]);
  expect(loadPendingSignIn()).toBeNull();
});

test('a visitor who came to save their assessment answers lands on the assessment once signed in', async () => {
  startedSignIn();
  recordExchanges();
  sessionStorage.setItem(PENDING_ANSWERS_KEY, JSON.stringify({ 'tests-coverage': 'none' }));
  const { router } = renderApp('/auth/msft?code=the-code&state=state-from-this-tab');
  await waitFor(() => expect(router.location.pathname).toBe('/assessment'));
  sessionStorage.removeItem(PENDING_ANSWERS_KEY);
});

test('an answer whose state this tab did not issue is refused without an exchange', async () => {
  startedSignIn();
  const exchanges = recordExchanges();
  renderApp('/auth/msft?code=the-code&state=forged-state');

  expect(await screen.findByText(/This sign-in was not started here/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/');
  expect(exchanges).toEqual([]);
});

test('a failed exchange shows the server message and a way back', async () => {
  startedSignIn();
  server.use(
    http.post(exchangeUrl, () =>
      Response.json({ result: 'InvalidRequest', message: 'The ID token nonce does not match' }, { status: 400 }),
    ),
  );
  renderApp('/auth/msft?code=the-code&state=state-from-this-tab');

  expect(await screen.findByText('The ID token nonce does not match')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to sign-in' })).toBeInTheDocument();
});

test('a provider error is shown, not exchanged', async () => {
  startedSignIn();
  const exchanges = recordExchanges();
  renderApp('/auth/msft?error=access_denied&state=state-from-this-tab');
  expect(await screen.findByText(/Microsoft did not sign you in \(access_denied\)/)).toBeInTheDocument();
  await waitFor(() => expect(exchanges).toEqual([]));
});
