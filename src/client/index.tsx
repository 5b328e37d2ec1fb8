import './ui/global.css';
import { bootstrap } from './boot/bootstrap';
import { logBuild } from './boot/logBuild';
import { siteImporters } from './boot/siteImporters';

/** True in production builds unless built with SERVICE_WORKER=off (webpack.config.js). */
declare const __SERVICE_WORKER__: boolean;

logBuild(__BUILD_DATE__, __BUILD_HASH__);
const booted = bootstrap(document, window.location, siteImporters);

// The service worker is not needed for the first screen: its code loads once the site has rendered.
// A build without it (development, or turned off) removes one an earlier build installed.
if ('serviceWorker' in navigator) {
  void booted.then(async () => {
    if (__SERVICE_WORKER__) {
      const { startServiceWorkerInBrowser } = await import(
        /* webpackChunkName: "service-worker" */ './serviceWorker/startServiceWorker'
      );
      await startServiceWorkerInBrowser();
    } else {
      const { removeServiceWorker } = await import(
        /* webpackChunkName: "service-worker-removal" */ './serviceWorker/removeServiceWorker'
      );
      await removeServiceWorker();
    }
  });
}
