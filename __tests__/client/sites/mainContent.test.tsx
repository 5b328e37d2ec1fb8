import { render, screen } from '@testing-library/react';
import MainContentSite from '../../../src/client/sites/main-content/MainContentSite';
import { contentPageOf } from '../../../src/client/sites/main-content/contentPages';
import { defaultSiteConfig } from '../../../src/shared/siteKind';

const renderAt = (pathname: string, config = defaultSiteConfig) =>
  render(<MainContentSite config={config} pathname={pathname} />);

test('the landing page says what Baton does and links to the app', () => {
  renderAt('/about');
  expect(screen.getByRole('heading', { level: 1, name: 'Plan the work. Hand it to an agent.' })).toBeInTheDocument();
  const main = screen.getByRole('main');
  expect(main).toHaveTextContent(/demos, implementations and go-to-market items/);
  expect(main).toHaveTextContent(/days, weeks and milestones/);
  expect(main).toHaveTextContent(/Send it to Claude Code, Copilot or Cursor as a GitHub issue/);
  expect(main).toHaveTextContent(/terminal command that starts Claude Code on your machine/);
  expect(main).toHaveTextContent(/claude mcp add --transport http baton/);
  expect(main).not.toHaveTextContent(/coming/i);
  expect(screen.getByRole('link', { name: 'Take the assessment' })).toHaveAttribute('href', '/about/assessment');
  expect(screen.getByRole('link', { name: 'Read the docs' })).toHaveAttribute('href', '/about/docs');
  expect(main).toHaveTextContent(/pull request comes back on the item/);
  const openLinks = screen.getAllByRole('link', { name: 'Open Baton' });
  expect(openLinks.length).toBe(3);
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
  // On a content host the site's pages are at the root.
  expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/docs');
});

test('any other path shows the not-found screen, which leads back to the landing page', () => {
  renderAt('/about/pricing');
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.getByText('/about/pricing')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/about');
});

test('paths match as React Router matched them: trailing slashes, letter case and escapes', () => {
  const config = { ...defaultSiteConfig, contentBasePath: '/about' };
  for (const path of ['/', '//', '/about', '/about/', '/About', '/ab%6Fut'])
    expect([path, contentPageOf(path, config).kind === 'landing']).toEqual([path, true]);
  for (const path of ['/nowhere', '/about/pricing', '/aboutus', '/about%2F', '/%E0%A4%A'])
    expect([path, contentPageOf(path, config).kind === 'landing']).toEqual([path, false]);
  expect(contentPageOf('/product', { ...defaultSiteConfig, contentBasePath: '/product/' }).kind).toBe('landing');
});

test('the docs and the assessment answer under the base path and at a content host root', () => {
  const config = { ...defaultSiteConfig, contentBasePath: '/about' };
  expect(contentPageOf('/about/assessment', config)).toEqual({ kind: 'assessment' });
  expect(contentPageOf('/About/Docs/', config)).toEqual({ kind: 'docs' });
  expect(contentPageOf('/about/docs/mcp', config)).toEqual({ kind: 'doc', slug: 'mcp' });
  expect(contentPageOf('/docs/mcp', config)).toEqual({ kind: 'doc', slug: 'mcp' });
  expect(contentPageOf('/about/docs/operations', config)).toEqual({ kind: 'not-found' });
  expect(contentPageOf('/about/docs/mcp/more', config)).toEqual({ kind: 'not-found' });
});
