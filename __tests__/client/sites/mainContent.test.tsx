import { render, screen } from '@testing-library/react';
import MainContentSite from '../../../src/client/sites/main-content/MainContentSite';
import { isLandingPath } from '../../../src/client/sites/main-content/landingPaths';
import { defaultSiteConfig } from '../../../src/shared/siteKind';

const renderAt = (pathname: string, config = defaultSiteConfig) =>
  render(<MainContentSite config={config} pathname={pathname} />);

test('the landing page says what Baton does and links to the app', () => {
  renderAt('/about');
  expect(screen.getByRole('heading', { level: 1, name: 'Plan the work. Hand it to an agent.' })).toBeInTheDocument();
  const main = screen.getByRole('main');
  expect(main).toHaveTextContent(/demos, implementations and go-to-market items/);
  expect(main).toHaveTextContent(/days, weeks and milestones/);
  expect(main).toHaveTextContent(/Send it to Claude Code as a GitHub issue/);
  expect(main).toHaveTextContent(/pull request comes back on the item/);
  const openLinks = screen.getAllByRole('link', { name: 'Open Baton' });
  expect(openLinks.length).toBeGreaterThan(0);
  for (const link of openLinks) expect(link).toHaveAttribute('href', '/');
});

test('a configured base path and a content host root both show the landing page', () => {
  const config = { ...defaultSiteConfig, contentBasePath: '/product' };
  const { unmount } = renderAt('/product', config);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Plan the work');
  unmount();
  renderAt('/', config);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Plan the work');
});

test('any other path shows the not-found screen, which leads back to the landing page', () => {
  renderAt('/about/pricing');
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/about');
});

test('paths match as React Router matched them: trailing slashes, letter case and escapes', () => {
  const config = { ...defaultSiteConfig, contentBasePath: '/about' };
  for (const path of ['/', '//', '/about', '/about/', '/About', '/ab%6Fut'])
    expect([path, isLandingPath(path, config)]).toEqual([path, true]);
  for (const path of ['/nowhere', '/about/pricing', '/aboutus', '/about%2F', '/%E0%A4%A'])
    expect([path, isLandingPath(path, config)]).toEqual([path, false]);
  expect(isLandingPath('/product', { ...defaultSiteConfig, contentBasePath: '/product/' })).toBe(true);
});
