import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { selectCoreContext } from '../../../src/client/features/session/coreContextSlice';
import { server } from '../helpers/server';
import { heldAnswer } from '../helpers/heldAnswer';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState, signedInState } from '../sites/renderApp';

const signOutUrl = `${location.origin}/v1/auth/sign-out`;

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

test('the top bar shows team, active project and e-mail; the main area holds the board’s place', async () => {
  mockBackend.signIn(coreContextFixture('ada@example.com'));
  const { store } = renderApp('/', signedInState('ada@example.com'));
  const banner = screen.getByRole('banner');
  expect(within(banner).getByText('Analytical Engines')).toBeInTheDocument();
  expect(within(banner).getByText('First project')).toBeInTheDocument();
  expect(within(banner).getByText('ada@example.com')).toBeInTheDocument();
  const board = within(screen.getByRole('main')).getByRole('region', { name: 'Board' });
  expect(within(board).getByRole('button', { name: /Project: First project/ })).toBeInTheDocument();
  await waitFor(() => expect(store.getState().items.complete).toBe(true));
});

test('the active project is the one the user context names', async () => {
  const context = coreContextFixture();
  context.availableProjects.push({
    id: 'project-2',
    description: 'Launch',
    projectDescription: '',
    status: 0,
    milestones: [],
    version: 1,
  });
  context.userContext.activeProjectId = 'project-2';
  renderApp('/', sessionState({ context, status: 'signedIn' }));
  expect(within(screen.getByRole('banner')).getByText('Launch')).toBeInTheDocument();
});

test('sign-out blocks the screen while it runs and returns to sign-in', async () => {
  const user = userEvent.setup();
  mockBackend.signIn();
  const answer = heldAnswer();
  server.use(
    http.post(signOutUrl, async () => {
      await answer.held;
      mockBackend.signedIn = false;
      return HttpResponse.json({ result: 'Ok' });
    }),
  );
  const { store } = renderApp('/', signedInState());
  await waitFor(() => expect(store.getState().items.complete).toBe(true));
  await user.click(screen.getByRole('button', { name: 'Sign out' }));

  expect(await screen.findByTestId('blocking-overlay')).toBeInTheDocument();
  answer.release();
  expect(await screen.findByRole('heading', { name: 'Sign in to Baton' })).toBeInTheDocument();
  // The sign-in screen has read its providers: nothing of it is still on its way.
  expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  expect(screen.queryByTestId('blocking-overlay')).not.toBeInTheDocument();
  expect(selectCoreContext(store.getState())).toBeNull();
  // Nothing answered after the sign-out counts as session activity: the next load checks no dead session.
  expect(store.getState().coreContext.lastAuthExtensionTimestamp).toBeNull();
  store.dispatch({
    type: 'api/executeQuery/fulfilled',
    payload: {},
    meta: { arg: { endpointName: 'getSubscription' }, fulfilledTimeStamp: Date.now(), requestStatus: 'fulfilled' },
  });
  expect(store.getState().coreContext.lastAuthExtensionTimestamp).toBeNull();
});

test('a failed sign-out still returns to sign-in', async () => {
  const user = userEvent.setup();
  server.use(http.post(signOutUrl, () => HttpResponse.json({ result: 'Failed', message: 'down' }, { status: 500 })));
  renderApp('/', signedInState());
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('heading', { name: 'Sign in to Baton' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
});

test('a returning browser with a live session is asked once and gets the shell', async () => {
  mockBackend.signIn(coreContextFixture('ada@example.com'));
  renderApp('/', sessionState({ lastAuthExtensionTimestamp: Date.now() }));
  expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

test('a returning browser whose session has ended gets the sign-in screen', async () => {
  renderApp('/', sessionState({ lastAuthExtensionTimestamp: Date.now() }));
  expect(await screen.findByRole('heading', { name: 'Sign in to Baton' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
});

test('a server that cannot be reached is said so, with a retry', async () => {
  const user = userEvent.setup();
  const contextUrl = `${location.origin}/v1/user/core-application-context`;
  server.use(
    http.get(
      contextUrl,
      () => HttpResponse.json({ result: 'Failed', message: 'Database unavailable' }, { status: 500 }),
      { once: true },
    ),
  );
  mockBackend.signIn();
  renderApp('/', sessionState({ lastAuthExtensionTimestamp: Date.now() }));
  expect(await screen.findByText(/Database unavailable/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

test('offline, a returning user gets a page in words (not the browser’s error), opened again once back online', async () => {
  const contextUrl = `${location.origin}/v1/user/core-application-context`;
  server.use(http.get(contextUrl, () => HttpResponse.error(), { once: true }));
  mockBackend.signIn();
  renderApp('/', sessionState({ lastAuthExtensionTimestamp: Date.now() }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Baton can’t be reached' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(/seems to be offline/);
  expect(document.body).not.toHaveTextContent(/TypeError|Failed to fetch/);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

test('a sign-out in another tab of this browser ends the session here too', async () => {
  mockBackend.signIn();
  renderApp('/', signedInState());
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  const otherTab = new BroadcastChannel('baton-session');
  otherTab.postMessage({ type: 'signed-out' });
  otherTab.close();
  expect(await screen.findByRole('heading', { name: 'Sign in to Baton' })).toBeInTheDocument();
});

test('signing out tells the other tabs', async () => {
  const user = userEvent.setup();
  mockBackend.signIn();
  const otherTab = new BroadcastChannel('baton-session');
  const heard: unknown[] = [];
  otherTab.onmessage = (event) => heard.push(event.data);
  renderApp('/', signedInState());
  await user.click(await screen.findByRole('button', { name: 'Sign out' }));
  await waitFor(() => expect(heard).toEqual([{ type: 'signed-out' }]));
  otherTab.close();
});

test('the user’s theme choice is put on <html>', async () => {
  const context = coreContextFixture();
  context.appSettings.theme = 'dark';
  renderApp('/', sessionState({ context, status: 'signedIn' }));
  await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
});

test('account settings is a page of the shell', async () => {
  const user = userEvent.setup();
  mockBackend.signIn();
  renderApp('/', signedInState());
  await user.click(screen.getByRole('link', { name: 'Settings' }));
  expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Plan' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

test('account settings needs a session', async () => {
  renderApp('/settings/account');
  expect(await screen.findByRole('heading', { name: 'Sign in to Baton' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
});

test('the Help menu links Baton’s docs, each a page of the content site', async () => {
  const user = userEvent.setup();
  mockBackend.signIn();
  renderApp('/', signedInState());
  await user.click(await screen.findByRole('button', { name: 'Help' }));
  const menu = await screen.findByRole('menu');
  const handoff = within(menu).getByRole('menuitem', { name: 'Handing items to coding agents' });
  expect(handoff).toHaveAttribute('href', '/about/docs/handoff');
  expect(handoff).toHaveAttribute('target', '_blank');
  expect(within(menu).getByRole('menuitem', { name: 'The planning board' })).toHaveAttribute(
    'href',
    '/about/docs/planning',
  );
  expect(within(menu).getByRole('menuitem', { name: 'All docs' })).toHaveAttribute('href', '/about/docs');
});
