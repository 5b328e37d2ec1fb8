import './ui/global.css';
import { bootstrap } from './boot/bootstrap';
import { logBuild } from './boot/logBuild';
import { siteImporters } from './boot/siteImporters';

logBuild(__BUILD_DATE__, __BUILD_HASH__);
const booted = bootstrap(document, window.location, siteImporters);

// The service worker is not needed for the first screen: its code loads once the site has rendered.
// Production builds only (the dev server has no /sw.js).
if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  void booted.then(async () => {
    const { startServiceWorkerInBrowser } = await import(
      /* webpackChunkName: "service-worker" */ './serviceWorker/startServiceWorker'
    );
    await startServiceWorkerInBrowser();
  });
}
