import { PRECACHE_NAME_PREFIX } from './workerRoutes';

/**
 * A build with the worker turned off (SERVICE_WORKER=off) takes it away from browsers that have it:
 * every registration of this origin is dropped with its precache. Page loads were never served from
 * the cache while online, so the next load already runs the new build.
 */
export async function removeServiceWorker(
  container: Pick<ServiceWorkerContainer, 'getRegistrations'> = navigator.serviceWorker,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  try {
    const registrations = await container.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
    if (!storage) return;
    const names = await storage.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(PRECACHE_NAME_PREFIX)).map((name) => storage.delete(name)),
    );
  } catch (error) {
    console.warn('Removing the service worker failed', error);
  }
}
