import type { SiteConfig } from '../../../shared/siteKind';
import { RenderErrorBoundary } from '../shared/RenderErrorBoundary';
import { MovedPage } from './MovedPage';

/** The old content site: every path shows the same notice, so no router. */
export default function LegacyContentSite({ config }: { config: SiteConfig }) {
  return (
    <RenderErrorBoundary>
      <MovedPage legacyContentUrl={config.legacyContentUrl} />
    </RenderErrorBoundary>
  );
}
