import { isNewVersionMessage, SKIP_WAITING, type SkipWaitingMessage } from './messages';

/** Spec §9: the browser is asked for a new worker every 30 minutes. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60_000;
/** Spec §9: the page reloads about 300 ms after telling a new worker to skip waiting. */
export const RELOAD_AFTER_SKIP_WAITING_MS = 300;
/** Served from the app base path, so the worker's scope is the whole origin. */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

/** The parts of the browser the update flow uses; tests hand in fakes. */
export interface ServiceWorkerHost {
  container: Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener' | 'startMessages'>;
  reload: () => void;
  log: Pick<Console, 'warn'>;
}

/**
 * Registers the worker and keeps the page on the newest build: a new worker that is waiting (found
 * at registration, or installed while another controls the page) is told to skip waiting and the
 * page reloads 300 ms later; a NEW_VERSION_AVAILABLE message reloads at once. A failed registration
 * is only logged: the app works the same without the worker.
 */
export async function startServiceWorker(host: ServiceWorkerHost): Promise<ServiceWorkerRegistration | null> {
  const { container, log } = host;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    host.reload();
  };
  const activate = (worker: ServiceWorker) => {
    const message: SkipWaitingMessage = { type: SKIP_WAITING };
    worker.postMessage(message);
    setTimeout(reloadOnce, RELOAD_AFTER_SKIP_WAITING_MS);
  };

  container.addEventListener('message', (event) => {
    if (isNewVersionMessage(event.data)) reloadOnce();
  });
  // Messages sent before this page listened are held until it says it is ready.
  container.startMessages();

  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(SERVICE_WORKER_URL, {
      scope: SERVICE_WORKER_SCOPE,
      updateViaCache: 'none',
    });
  } catch (error) {
    log.warn('Service worker registration failed', error);
    return null;
  }

  if (registration.waiting) activate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // With no worker controlling the page (the first visit) the new one just activates on its own.
      if (installing.state === 'installed' && container.controller) activate(installing);
    });
  });

  setInterval(() => {
    registration.update().catch((error: unknown) => log.warn('Service worker update check failed', error));
  }, UPDATE_CHECK_INTERVAL_MS);
  return registration;
}

/** The browser's own container, reload and console. */
export const startServiceWorkerInBrowser = () =>
  startServiceWorker({ container: navigator.serviceWorker, reload: () => window.location.reload(), log: console });
