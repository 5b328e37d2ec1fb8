import { render, screen } from '@testing-library/react';
import AppSite from '../../../src/client/sites/app/AppSite';
import MainContentSite from '../../../src/client/sites/main-content/MainContentSite';
import LegacyContentSite from '../../../src/client/sites/legacy-content/LegacyContentSite';
import { defaultSiteConfig } from '../../../src/shared/siteKind';

afterEach(() => window.history.replaceState(null, '', '/'));

test('the app site restores the store, then routes the browser URL (signed out: sign-in)', async () => {
  render(<AppSite />);
  expect(await screen.findByRole('heading', { name: 'Sign in to Baton' })).toBeInTheDocument();
  // Its providers are read: nothing of the screen is still on its way when the test ends.
  expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
});

test('the main content site routes the browser URL', async () => {
  window.history.replaceState(null, '', '/about');
  render(<MainContentSite config={defaultSiteConfig} />);
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Plan the work');
});

test('the legacy content site routes any URL to the notice', async () => {
  window.history.replaceState(null, '', '/blog/2019/hello');
  render(<LegacyContentSite config={{ ...defaultSiteConfig, legacyContentUrl: 'https://baton.example' }} />);
  expect(await screen.findByRole('heading', { name: 'This site has moved' })).toBeInTheDocument();
});
