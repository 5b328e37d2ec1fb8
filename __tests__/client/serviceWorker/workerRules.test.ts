import { clearUserCaches } from '../../../src/client/serviceWorker/clearUserCaches';
import { isPassThroughPath } from '../../../src/client/serviceWorker/workerRoutes';

describe('what the service worker leaves to the network', () => {
  it.each([
    '/v1',
    '/v1/teams/active/events',
    '/v1/user/core-application-context',
    '/mcp',
    '/mcp/token',
    '/oauth/auth',
    '/oauth2/consent',
    '/.well-known/oauth-authorization-server',
    '/healthz',
    '/auth/apple',
  ])('never answers %s, not even offline', (pathname) => {
    expect(isPassThroughPath(pathname)).toBe(true);
  });

  it.each(['/', '/board', '/settings/account', '/about', '/v1board', '/mcpx'])(
    'answers a page load of %s with the app shell when offline',
    (pathname) => {
      expect(isPassThroughPath(pathname)).toBe(false);
    },
  );
});

describe('clearing per-user caches on sign-out', () => {
  it('deletes every cache but the precache of the bundle', async () => {
    const names = ['workbox-precache-v2-http://localhost/', 'board-answers', 'avatars'];
    const storage = {
      keys: jest.fn(async () => [...names]),
      delete: jest.fn(async () => true),
    } as unknown as CacheStorage;
    await clearUserCaches(storage);
    expect(storage.delete).toHaveBeenCalledTimes(2);
    expect(storage.delete).toHaveBeenCalledWith('board-answers');
    expect(storage.delete).toHaveBeenCalledWith('avatars');
  });

  it('does nothing where the browser has no cache storage', async () => {
    await expect(clearUserCaches(undefined)).resolves.toBeUndefined();
  });
});
