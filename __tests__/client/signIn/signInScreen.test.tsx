import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { SignInScreen } from '../../../src/client/features/signIn/SignInScreen';
import { selectLastIdentityProvider } from '../../../src/client/features/session/coreContextSlice';
import { loadPendingSignIn } from '../../../src/client/features/signIn/oidc/pendingSignIn';
import { renderWithProviders } from '../helpers/render';
import { server } from '../helpers/server';
import { renderApp, sessionState } from '../sites/renderApp';

const authUrl = (path: string) => `${location.origin}/v1/auth${path}`;

/** Records the JSON bodies posted to an auth path, then lets the normal handler answer. */
function recordBodies(path: string) {
  const bodies: unknown[] = [];
  server.use(
    http.post(authUrl(path), async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

const optionNames = () =>
  within(screen.getByRole('list', { name: 'Sign-in options' }))
    .getAllByRole('listitem')
    .map((item) => [...item.querySelectorAll('button')].at(-1)?.textContent);

test('lists the providers the server describes; unconfigured ones are disabled with a hint', async () => {
  renderWithProviders(<SignInScreen />);
  const google = await screen.findByRole('button', { name: 'Continue with Google' });
  expect(google).toBeEnabled();
  for (const name of ['Apple', 'Microsoft']) {
    const button = screen.getByRole('button', { name: `Continue with ${name}` });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Not configured');
  }
  expect(screen.getByLabelText('E-mail address')).toHaveAttribute('type', 'email');
  expect(screen.getByRole('button', { name: 'Sign in with Test' })).toBeEnabled();
  expect(optionNames()).toEqual([
    'Continue with Apple',
    'Continue with Google',
    'Continue with Microsoft',
    'Sign in with Test',
  ]);
});

test('the last-used provider comes first and can be forgotten', async () => {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<SignInScreen />, {
    preloadedState: sessionState({ lastIdentityProvider: 'Google' }),
  });
  await screen.findByRole('button', { name: 'Continue with Google' });
  expect(optionNames()[0]).toBe('Continue with Google');
  expect(screen.getByText('Last used')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Forget' }));
  expect(selectLastIdentityProvider(store.getState())).toBeNull();
  expect(optionNames()[0]).toBe('Continue with Apple');
  expect(screen.queryByText('Last used')).not.toBeInTheDocument();
});

test('the controls are reachable by keyboard', async () => {
  const user = userEvent.setup();
  renderWithProviders(<SignInScreen />);
  await screen.findByRole('button', { name: 'Continue with Google' });
  await user.tab();
  expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveFocus();
  await user.tab();
  expect(screen.getByLabelText('E-mail address')).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Sign in with Test' })).toHaveFocus();
});

test('Test sign-in opens the shell', async () => {
  const user = userEvent.setup();
  const bodies = recordBodies('/test-authenticate');
  renderApp('/');
  await user.type(await screen.findByLabelText('E-mail address'), 'grace@example.com');
  await user.click(screen.getByRole('button', { name: 'Sign in with Test' }));

  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(screen.getByText('Analytical Engines')).toBeInTheDocument();
  expect(screen.getByText('grace@example.com')).toBeInTheDocument();
  expect(bodies).toEqual([{ emailAddress: 'grace@example.com' }]);
});

test('an invite link is validated with the e-mail address and sent with the sign-in', async () => {
  const user = userEvent.setup();
  const validations = recordBodies('/validate-invite');
  const signIns = recordBodies('/test-authenticate');
  const { router } = renderApp('/?invite=good-invite-code');
  expect(await screen.findByText(/You have an invite/)).toBeInTheDocument();

  await user.type(await screen.findByLabelText('E-mail address'), 'grace@example.com');
  await user.click(screen.getByRole('button', { name: 'Sign in with Test' }));

  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(validations).toEqual([{ inviteCode: 'good-invite-code', emailAddress: 'grace@example.com' }]);
  expect(signIns).toEqual([{ emailAddress: 'grace@example.com', inviteCode: 'good-invite-code' }]);
  await waitFor(() => expect(router.location.search).toBe(''));
});

test('an invite that does not fit the address is refused before signing in', async () => {
  const user = userEvent.setup();
  const signIns = recordBodies('/test-authenticate');
  renderApp('/?invite=someone-elses-code');
  await user.type(await screen.findByLabelText('E-mail address'), 'grace@example.com');
  await user.click(screen.getByRole('button', { name: 'Sign in with Test' }));

  expect(
    await screen.findByText('This invite is not valid for this e-mail address, or it has expired.'),
  ).toBeInTheDocument();
  expect(signIns).toEqual([]);
  expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
});

test('choosing Google remembers it and redirects to its authorization endpoint', async () => {
  const user = userEvent.setup();
  const redirect = jest.fn();
  const { store } = renderWithProviders(<SignInScreen redirect={redirect} />, { route: '/?invite=good-invite-code' });
  await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

  await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
  const url = new URL(redirect.mock.calls[0][0] as string);
  expect(`${url.origin}${url.pathname}`).toBe('https://accounts.example.test/authorize');
  expect(url.searchParams.get('redirect_uri')).toBe(`${location.origin}/auth/google`);
  expect(url.searchParams.get('state')).toBe(loadPendingSignIn()?.state);
  expect(loadPendingSignIn()?.inviteCode).toBe('good-invite-code');
  expect(selectLastIdentityProvider(store.getState())).toBe('Google');
});
