import { act, screen } from '@testing-library/react';
import { bootstrap, type BootResult } from '../../../src/client/boot/bootstrap';
import type { SiteImporters, SiteModule } from '../../../src/client/boot/siteImporters';
import type { SiteConfig } from '../../../src/shared/siteKind';

const never = () => new Promise<SiteModule>(() => {});
const siteShowing = (text: string) => async (): Promise<SiteModule> => ({
  default: ({ config }: { config: SiteConfig }) => (
    <p>
      {text} at {config.contentBasePath}
    </p>
  ),
});
const importersWith = (overrides: Partial<SiteImporters>): SiteImporters => ({
  'legacy-content': siteShowing('legacy'),
  'main-content': siteShowing('content'),
  app: siteShowing('app'),
  ...overrides,
});
const at = (pathname: string, hostname = 'baton.test') => ({ hostname, pathname });

let booted: BootResult | undefined;

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
});

afterEach(() => {
  act(() => booted?.root.unmount());
  booted = undefined;
  jest.restoreAllMocks();
});

test('start-up fails when the root element is missing', async () => {
  document.body.innerHTML = '';
  await expect(bootstrap(document, at('/'), importersWith({}))).rejects.toThrow('Root element not found');
});

test('a centred spinner shows while the route set loads', async () => {
  await act(async () => {
    void bootstrap(document, at('/'), importersWith({ app: never }));
  });
  expect(screen.getByRole('status')).toHaveTextContent('Loading Baton…');
});

test('a route set that fails to load shows the apology and the error message', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const failing = () => Promise.reject(new Error('Loading chunk app failed.'));
  await act(async () => {
    booted = await bootstrap(document, at('/'), importersWith({ app: failing }));
  });
  expect(booted?.loaded).toBe(false);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Sorry, there was a problem loading the app.');
  expect(alert).toHaveTextContent('Loading chunk app failed.');
});

test('offline, a route set that fails to load says so in words, not the browser’s', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const failing = () => Promise.reject(new TypeError('Failed to fetch'));
  await act(async () => {
    booted = await bootstrap(document, at('/'), importersWith({ app: failing }));
  });
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('This device seems to be offline. Reload once the connection is back.');
  expect(alert).not.toHaveTextContent('Failed to fetch');
});

test('the loaded route set replaces the spinner and receives the site config', async () => {
  await act(async () => {
    booted = await bootstrap(document, at('/'), importersWith({}));
  });
  expect(booted?.kind).toBe('app');
  expect(screen.getByText('app at /about')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('the content base path loads the main content site', async () => {
  await act(async () => {
    booted = await bootstrap(document, at('/about/pricing'), importersWith({}));
  });
  expect(booted?.kind).toBe('main-content');
  expect(screen.getByText('content at /about')).toBeInTheDocument();
});

test('the config meta tag decides hosts and base path', async () => {
  const config: SiteConfig = {
    contentHosts: ['www.baton.test'],
    contentBasePath: '/product',
    legacyContentHosts: ['old.baton.test'],
    legacyContentUrl: 'https://www.baton.test',
    aiDrafts: false,
  };
  const meta = document.createElement('meta');
  meta.name = 'baton-config';
  meta.content = JSON.stringify(config);
  document.head.append(meta);

  await act(async () => {
    booted = await bootstrap(document, at('/', 'old.baton.test'), importersWith({}));
  });
  expect(booted?.kind).toBe('legacy-content');
  expect(screen.getByText('legacy at /product')).toBeInTheDocument();
});
