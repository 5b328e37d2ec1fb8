import { removeServiceWorker } from '../../../src/client/serviceWorker/removeServiceWorker';

describe('a build with the service worker turned off', () => {
  it('unregisters every worker of the origin and drops the precache', async () => {
    const registrations = [{ unregister: jest.fn(async () => true) }, { unregister: jest.fn(async () => true) }];
    const container = { getRegistrations: jest.fn(async () => registrations) } as unknown as ServiceWorkerContainer;
    const storage = {
      keys: jest.fn(async () => ['workbox-precache-v2-http://localhost/', 'something-else']),
      delete: jest.fn(async () => true),
    } as unknown as CacheStorage;
    await removeServiceWorker(container, storage);
    for (const registration of registrations) expect(registration.unregister).toHaveBeenCalledTimes(1);
    expect(storage.delete).toHaveBeenCalledTimes(1);
    expect(storage.delete).toHaveBeenCalledWith('workbox-precache-v2-http://localhost/');
  });

  it('only logs when the browser refuses', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = new Error('InvalidStateError');
    const container = {
      getRegistrations: jest.fn(async () => {
        throw refused;
      }),
    } as unknown as ServiceWorkerContainer;
    await expect(removeServiceWorker(container, undefined)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Removing the service worker failed', refused);
    warn.mockRestore();
  });
});
