import { screen } from '@testing-library/react';
import { renderApp, signedInState } from './renderApp';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('an unknown app path shows the router error screen with 404', async () => {
  renderApp('/no/such/page', signedInState());
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('404 Not Found')).toBeInTheDocument();
});

test.each(['/auth/msft', '/auth/google', '/auth/apple'])('%s is a sign-in callback', async (path) => {
  renderApp(`${path}?code=c&state=s`);
  expect(await screen.findByText(/This sign-in was not started here/)).toBeInTheDocument();
});
