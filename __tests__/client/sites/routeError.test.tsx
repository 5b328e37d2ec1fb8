import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { mainContentRoutes } from '../../../src/client/sites/main-content/mainContentRoutes';
import { RouteErrorScreen } from '../../../src/client/sites/shared/RouteErrorScreen';
import { defaultSiteConfig } from '../../../src/shared/siteKind';

beforeEach(() => {
  // The router and React report the caught error on the console; that is expected here.
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('a path no route matches shows the router error screen with 404', async () => {
  const router = createMemoryRouter(mainContentRoutes(defaultSiteConfig), { initialEntries: ['/nowhere'] });
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('404 Not Found')).toBeInTheDocument();
});

test('a route that throws shows the error message', async () => {
  function Broken(): never {
    throw new Error('The board could not be drawn');
  }
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> }]);
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('The board could not be drawn')).toBeInTheDocument();
});
