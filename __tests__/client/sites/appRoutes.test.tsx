import { act, screen } from '@testing-library/react';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { renderApp, signedInState } from './renderApp';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('an unknown app path shows the error screen with 404', async () => {
  renderApp('/no/such/page', signedInState());
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
});

test('leaving the 404 for a known path shows that page', async () => {
  mockBackend.signIn();
  const { router } = renderApp('/no/such/page', signedInState());
  await screen.findByText('404 Not Found');
  await act(() => router.navigate('/'));
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(screen.queryByText('404 Not Found')).not.toBeInTheDocument();
});

test.each(['/auth/msft', '/auth/google', '/auth/apple'])('%s is a sign-in callback', async (path) => {
  renderApp(`${path}?code=c&state=s`);
  expect(await screen.findByText(/This sign-in was not started here/)).toBeInTheDocument();
});
