import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../helpers/server';
import { heldAnswer } from '../helpers/heldAnswer';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';

const v1 = (path: string) => `${location.origin}/v1${path}`;

/** The app's top bar (the first banner: pages may have headers of their own). */
const topBar = () => screen.getAllByRole('banner', { hidden: true })[0] as HTMLElement;

// The invite the team handlers join with 'good-invite-code' is to Difference Engines.
beforeEach(() => {
  server.use(
    http.post(v1('/auth/validate-invite'), async ({ request }) => {
      const { inviteCode } = (await request.clone().json()) as { inviteCode: string };
      if (inviteCode === 'good-invite-code')
        return HttpResponse.json({ result: 'Ok', data: { teamName: 'Difference Engines' } });
    }),
  );
});

function signedIn() {
  const context = coreContextFixture('ada@example.com');
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

test('a signed-in user following an invite link is asked, then joins the team (blocking while it changes)', async () => {
  const user = userEvent.setup();
  const answer = heldAnswer();
  server.use(
    http.post(v1('/users/active/accept-invite'), async () => {
      await answer.held;
    }),
  );
  const { router } = renderApp('/join?invite=good-invite-code', signedIn());
  expect(await screen.findByRole('heading', { name: 'Join Difference Engines' })).toBeInTheDocument();
  expect(screen.getByText(/You were invited to/)).toHaveTextContent('ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Join Difference Engines' }));
  expect(await screen.findByTestId('blocking-overlay')).toBeInTheDocument();
  answer.release();

  await waitFor(() => expect(router.location.pathname).toBe('/'));
  expect(router.location.search).toBe('');
  expect(await within(topBar()).findByText('Difference Engines')).toBeInTheDocument();
  expect(screen.queryByTestId('blocking-overlay')).not.toBeInTheDocument();
  // The team menu offers both teams: the server's answer lists them.
  await user.click(screen.getByRole('button', { name: /team menu/ }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByRole('menuitemradio', { name: /Difference Engines/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(within(menu).getByRole('menuitemradio', { name: /Analytical Engines/ })).toBeInTheDocument();
});

test('an older link to /?invite=… is taken to the join page', async () => {
  const { router } = renderApp('/?invite=good-invite-code', signedIn());
  expect(await screen.findByRole('heading', { name: 'Join Difference Engines' })).toBeInTheDocument();
  expect(router.location.pathname).toBe('/join');
});

test('an invite for another address says so and offers to sign out', async () => {
  renderApp('/join?invite=someone-elses-code', signedIn());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This invite is not valid for this e-mail address, or it has expired.',
  );
  expect(screen.getByText(/You are signed in as/)).toHaveTextContent('ada@example.com');
  expect(within(screen.getByRole('main')).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
});

test('declining leaves the user where they were', async () => {
  const user = userEvent.setup();
  const { router } = renderApp('/join?invite=good-invite-code', signedIn());
  await user.click(await screen.findByRole('link', { name: 'Not now' }));
  expect(router.location.pathname).toBe('/');
  expect(within(topBar()).getByText('Analytical Engines')).toBeInTheDocument();
});

test('signing in through an invite link joins once, and the spent link leads to the board', async () => {
  const user = userEvent.setup();
  const accepted: unknown[] = [];
  server.use(
    http.post(v1('/users/active/accept-invite'), async ({ request }) => {
      accepted.push(await request.clone().json());
    }),
  );
  const { router } = renderApp('/join?invite=good-invite-code', sessionState({}));
  await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Sign in with Test' }));
  await waitFor(() => expect(router.location.pathname).toBe('/'));
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(router.location.search).toBe('');
  expect(accepted).toEqual([]);
});

test('the join page without an invite goes to the board', async () => {
  const { router } = renderApp('/join', signedIn());
  await waitFor(() => expect(router.location.pathname).toBe('/'));
});
