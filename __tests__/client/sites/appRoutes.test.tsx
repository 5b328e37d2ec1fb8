import { act, screen } from '@testing-library/react';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { renderApp, signedInState } from './renderApp';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('an unknown app path shows a page-not-found screen naming the path, with a way back to the board', async () => {
  renderApp('/no/such/page', signedInState());
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.queryByText(/Unexpected Application Error|404 Not Found/)).not.toBeInTheDocument();
  expect(screen.getByText('/no/such/page')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the board' })).toHaveAttribute('href', '/');
  expect(document.title).toBe('Page not found · Baton');
});

test('leaving the 404 for a known path shows that page', async () => {
  mockBackend.signIn();
  const { router } = renderApp('/no/such/page', signedInState());
  await screen.findByRole('heading', { name: 'Page not found' });
  await act(() => router.navigate('/'));
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
});

test.each(['/auth/msft', '/auth/google', '/auth/apple'])('%s is a sign-in callback', async (path) => {
  renderApp(`${path}?code=c&state=s`);
  expect(await screen.findByText(/This sign-in was not started here/)).toBeInTheDocument();
});
