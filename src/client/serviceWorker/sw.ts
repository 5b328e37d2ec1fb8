/// <reference lib="webworker" />
// The service worker (built by InjectManifest into /sw.js): precached bundle and static files, the app
// shell when the network is gone, and nothing else — API answers and anything with user data are
// never answered from or written to a cache.
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { isSkipWaitingMessage, NEW_VERSION_AVAILABLE, type NewVersionMessage } from './messages';
import { passThroughPaths, SHELL_URL } from './workerRoutes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Page loads go to the server first (it adds the site settings and may redirect); the precached shell
// answers only when the network fails. Registered before the precache route, so `/` is never served stale.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({ plugins: [{ handlerDidError: async () => (await matchPrecache(SHELL_URL)) ?? undefined }] }),
    { denylist: passThroughPaths },
  ),
);
addRoute();

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

// Pages this worker took over from an older one reload at once onto this build.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      const message: NewVersionMessage = { type: NEW_VERSION_AVAILABLE, version: __BUILD_HASH__ };
      for (const client of windows) client.postMessage(message);
    }),
  );
});
