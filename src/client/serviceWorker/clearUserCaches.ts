import { PRECACHE_NAME_PREFIX } from './workerRoutes';

/**
 * Deletes every cache but the precache (bundle and static files, the same for every user). The worker
 * keeps no per-user cache today; this makes sure sign-out never leaves one behind if one is added.
 */
export async function clearUserCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  try {
    const names = await storage.keys();
    await Promise.all(
      names.filter((name) => !name.startsWith(PRECACHE_NAME_PREFIX)).map((name) => storage.delete(name)),
    );
  } catch (error) {
    console.warn('Clearing cached data failed', error);
  }
}
