import {
  RELOAD_AFTER_SKIP_WAITING_MS,
  SERVICE_WORKER_URL,
  startServiceWorker,
  UPDATE_CHECK_INTERVAL_MS,
  type ServiceWorkerHost,
} from '../../../src/client/serviceWorker/startServiceWorker';

/** A worker the test moves through its states. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = jest.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = jest.fn(async () => undefined);
  /** The browser found a new script: it installs beside the current one. */
  findUpdate(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

function fakeBrowser(options: { controlled?: boolean; registration?: FakeRegistration; failure?: Error } = {}) {
  const registration = options.registration ?? new FakeRegistration();
  const container = Object.assign(new EventTarget(), {
    controller: options.controlled ? (new FakeWorker() as unknown as ServiceWorker) : null,
    startMessages: jest.fn(),
    register: jest.fn(async () => {
      if (options.failure) throw options.failure;
      return registration as unknown as ServiceWorkerRegistration;
    }),
  });
  const reload = jest.fn();
  const warn = jest.fn();
  const host: ServiceWorkerHost = { container, reload, log: { warn } };
  return { host, container, registration, reload, warn };
}

const skipWaiting = { type: 'SKIP_WAITING' };

describe('the service worker update flow', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it('registers /sw.js for the whole app from its base path', async () => {
    const { host, container } = fakeBrowser();
    await startServiceWorker(host);
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('only logs a failed registration: no reload, no update checks', async () => {
    const failure = new Error('SecurityError: the script is not served');
    const { host, reload, warn, registration } = fakeBrowser({ failure });
    await expect(startServiceWorker(host)).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('Service worker registration failed', failure);
    jest.advanceTimersByTime(2 * UPDATE_CHECK_INTERVAL_MS);
    expect(reload).not.toHaveBeenCalled();
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('tells a worker already waiting at registration to skip waiting, and reloads about 300 ms later', async () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    registration.waiting.state = 'installed';
    const { host, reload } = fakeBrowser({ controlled: true, registration });
    await startServiceWorker(host);
    expect(registration.waiting.postMessage).toHaveBeenCalledWith(skipWaiting);
    jest.advanceTimersByTime(RELOAD_AFTER_SKIP_WAITING_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(RELOAD_AFTER_SKIP_WAITING_MS).toBe(300);
  });

  it('does the same for a new worker installed while another controls the page', async () => {
    const { host, registration, reload } = fakeBrowser({ controlled: true });
    await startServiceWorker(host);
    const worker = registration.findUpdate();
    expect(worker.postMessage).not.toHaveBeenCalled();
    worker.moveTo('installed');
    expect(worker.postMessage).toHaveBeenCalledWith(skipWaiting);
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(RELOAD_AFTER_SKIP_WAITING_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('lets the first worker of a page nothing controls activate by itself, without a reload', async () => {
    const { host, registration, reload } = fakeBrowser({ controlled: false });
    await startServiceWorker(host);
    const worker = registration.findUpdate();
    worker.moveTo('installed');
    worker.moveTo('activated');
    jest.advanceTimersByTime(10 * RELOAD_AFTER_SKIP_WAITING_MS);
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at once on NEW_VERSION_AVAILABLE carrying a version, and only once', async () => {
    const { host, container, reload } = fakeBrowser({ controlled: true });
    await startServiceWorker(host);
    expect(container.startMessages).toHaveBeenCalled();
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: 'NEW_VERSION_AVAILABLE', version: 'b1c2d3e' } }),
    );
    expect(reload).toHaveBeenCalledTimes(1);
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: 'NEW_VERSION_AVAILABLE', version: 'b1c2d3e' } }),
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no version', { type: 'NEW_VERSION_AVAILABLE' }],
    ['an empty version', { type: 'NEW_VERSION_AVAILABLE', version: '' }],
    ['another type', { type: 'CACHE_UPDATED', version: 'b1c2d3e' }],
    ['no object', 'NEW_VERSION_AVAILABLE'],
  ])('ignores a message with %s', async (_label, data) => {
    const { host, container, reload } = fakeBrowser({ controlled: true });
    await startServiceWorker(host);
    container.dispatchEvent(new MessageEvent('message', { data }));
    jest.advanceTimersByTime(RELOAD_AFTER_SKIP_WAITING_MS);
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks for a new worker every 30 minutes and only logs a failed check', async () => {
    const { host, registration, warn } = fakeBrowser({ controlled: true });
    await startServiceWorker(host);
    jest.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    const offline = new TypeError('Failed to fetch');
    registration.update.mockRejectedValueOnce(offline);
    jest.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
    await Promise.resolve();
    expect(warn).toHaveBeenCalledWith('Service worker update check failed', offline);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(30 * 60 * 1000);
  });
});
