import type { SiteConfig } from '../../../shared/siteKind';
import { ErrorScreen } from '../shared/ErrorScreen';
import { notFoundDetail } from '../shared/errorText';
import { RenderErrorBoundary } from '../shared/RenderErrorBoundary';
import { isLandingPath } from './landingPaths';
import { LandingPage } from './LandingPage';

interface MainContentSiteProps {
  config: SiteConfig;
  /** The page's path; tests pass one. */
  pathname?: string;
}

/**
 * The public landing site: one page, so no router (nor store, RTK or redux-persist) in this chunk.
 * Its links are full page loads; any other path gets the not-found screen.
 */
export default function MainContentSite({ config, pathname = window.location.pathname }: MainContentSiteProps) {
  return (
    <RenderErrorBoundary homePath={config.contentBasePath}>
      {isLandingPath(pathname, config) ? (
        <LandingPage />
      ) : (
        <ErrorScreen detail={notFoundDetail} homePath={config.contentBasePath} />
      )}
    </RenderErrorBoundary>
  );
}
