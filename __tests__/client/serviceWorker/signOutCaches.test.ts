import { waitFor } from '@testing-library/react';
import { setupStore } from '../../../src/client/app/store';
import { authApi } from '../../../src/client/api/auth';
import { signedInBoardState } from '../items/boardStore';

/** A browser's Cache Storage holding the worker's precache and a cache with one user's answers. */
function installCacheStorage() {
  const names = ['workbox-precache-v2-http://localhost/', 'board-answers'];
  const storage = {
    keys: jest.fn(async () => [...names]),
    delete: jest.fn(async (name: string) => {
      names.splice(names.indexOf(name), 1);
      return true;
    }),
  };
  Object.defineProperty(globalThis, 'caches', { value: storage, configurable: true });
  return { names, storage };
}

describe('sign-out and the browser caches', () => {
  afterEach(() => {
    delete (globalThis as { caches?: unknown }).caches;
  });

  it('leaves only the precache of the bundle: no per-user cache outlives the session', async () => {
    const { names, storage } = installCacheStorage();
    const { store } = setupStore(signedInBoardState());
    await store.dispatch(authApi.endpoints.signOut.initiate());
    await waitFor(() => expect(names).toEqual(['workbox-precache-v2-http://localhost/']));
    expect(storage.delete).toHaveBeenCalledWith('board-answers');
  });
});
