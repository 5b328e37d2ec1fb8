import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { MovedPage, redirectDelayMs } from '../../../src/client/sites/legacy-content/MovedPage';
import { legacyContentRoutes } from '../../../src/client/sites/legacy-content/legacyContentRoutes';
import { defaultSiteConfig } from '../../../src/shared/siteKind';

afterEach(() => jest.useRealTimers());

test('every old path says the site moved and links to the new address', async () => {
  const config = { ...defaultSiteConfig, legacyContentUrl: 'https://baton.example/about' };
  render(
    <RouterProvider router={createMemoryRouter(legacyContentRoutes(config), { initialEntries: ['/old/page'] })} />,
  );
  expect(await screen.findByRole('heading', { name: 'This site has moved' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Baton now' })).toHaveAttribute('href', 'https://baton.example/about');
});

test('the visitor is sent on after a moment', () => {
  jest.useFakeTimers();
  const replaceLocation = jest.fn();
  render(<MovedPage legacyContentUrl="https://baton.example" replaceLocation={replaceLocation} />);
  expect(replaceLocation).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(redirectDelayMs));
  expect(replaceLocation).toHaveBeenCalledWith('https://baton.example');
});

test('with no address configured the link goes to the start page and nothing redirects', () => {
  jest.useFakeTimers();
  const replaceLocation = jest.fn();
  render(<MovedPage legacyContentUrl={null} replaceLocation={replaceLocation} />);
  expect(screen.getByRole('link', { name: 'Go to Baton now' })).toHaveAttribute('href', '/');
  act(() => jest.advanceTimersByTime(redirectDelayMs * 2));
  expect(replaceLocation).not.toHaveBeenCalled();
});
