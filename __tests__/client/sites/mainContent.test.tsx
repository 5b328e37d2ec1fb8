import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { mainContentRoutes } from '../../../src/client/sites/main-content/mainContentRoutes';
import { defaultSiteConfig } from '../../../src/shared/siteKind';

const renderAt = (path: string, config = defaultSiteConfig) =>
  render(<RouterProvider router={createMemoryRouter(mainContentRoutes(config), { initialEntries: [path] })} />);

test('the landing page says what Baton does and links to the app', async () => {
  renderAt('/about');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Plan the work. Hand it to an agent.' }),
  ).toBeInTheDocument();
  const main = screen.getByRole('main');
  expect(main).toHaveTextContent(/demos, implementations and go-to-market items/);
  expect(main).toHaveTextContent(/days, weeks and milestones/);
  expect(main).toHaveTextContent(/Claude Code, Copilot or Cursor as a GitHub issue/);
  expect(main).toHaveTextContent(/MCP server/);
  const openLinks = screen.getAllByRole('link', { name: 'Open Baton' });
  expect(openLinks.length).toBeGreaterThan(0);
  for (const link of openLinks) expect(link).toHaveAttribute('href', '/');
});

test('a configured base path and a content host root both show the landing page', async () => {
  const config = { ...defaultSiteConfig, contentBasePath: '/product' };
  const { unmount } = renderAt('/product', config);
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Plan the work');
  unmount();
  renderAt('/', config);
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Plan the work');
});
