import { render, screen, within } from '@testing-library/react';
import MainContentSite from '../../../src/client/sites/main-content/MainContentSite';
import { docLinkTarget, headingId } from '../../../src/client/sites/main-content/docs/DocArticle';
import { defaultSiteConfig } from '../../../src/shared/siteKind';

const renderAt = (pathname: string, config = defaultSiteConfig) =>
  render(<MainContentSite config={config} pathname={pathname} />);

describe('the docs section of the content site', () => {
  test('lists the user-facing pages only', async () => {
    renderAt('/about/docs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Docs' })).toBeInTheDocument();
    const links = within(screen.getByRole('main')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/about/docs/planning',
      '/about/docs/handoff',
      '/about/docs/mcp',
      '/about/docs/ai',
      '/about/docs/assessment',
    ]);
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'page');
  });

  test('renders a page from docs/ as Markdown: headings with anchors, tables, code', async () => {
    renderAt('/about/docs/assessment');
    const title = await screen.findByRole('heading', { level: 1, name: 'Agent-readiness assessment: the rubric' });
    expect(title).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Worked example' })).toHaveAttribute('id', 'worked-example');
    expect(screen.getAllByRole('table').length).toBeGreaterThan(3);
    expect(screen.getByRole('cell', { name: /How much of the code that changes often/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agent-readiness assessment' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Agent-readiness assessment · Baton docs');
  });

  test('links between published pages stay on the site; unpublished pages are not links', async () => {
    renderAt('/about/docs/handoff');
    await screen.findByRole('heading', { level: 1, name: /Handing items to coding agents/ });
    const links = screen.getAllByRole('link', { name: 'mcp.md' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/about/docs/mcp#the-terminal-hand-off');
  });

  test('an unknown page is not found', () => {
    renderAt('/about/docs/operations');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  test.each([
    ['mcp.md#the-terminal-hand-off', '/about', '/about/docs/mcp#the-terminal-hand-off'],
    ['docs/planning.md', '/about', '/about/docs/planning'],
    ['handoff.md', '', '/docs/handoff'],
    ['docs/operations.md', '/about', null],
    ['../README.md', '/about', null],
    ['https://modelcontextprotocol.io', '/about', 'https://modelcontextprotocol.io'],
    ['#context-items', '/about', '#context-items'],
    ['javascript:alert(1)', '/about', null],
  ])('a link to %s under %j goes to %j', (href, prefix, target) => {
    expect(docLinkTarget(href, prefix)).toBe(target);
  });

  test('heading anchors are GitHub’s', () => {
    expect(headingId('The terminal hand-off')).toBe('the-terminal-hand-off');
    expect(headingId('Tokens (Settings → MCP)')).toBe('tokens-settings--mcp');
  });
});
