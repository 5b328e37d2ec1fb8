import { lazy, Suspense } from 'react';
import type { SiteConfig } from '../../../shared/siteKind';
import { CentredSpinner } from '../../ui';
import { NotFoundScreen } from '../shared/NotFoundScreen';
import { RenderErrorBoundary } from '../shared/RenderErrorBoundary';
import { ContentFrame } from './ContentFrame';
import { contentPageOf, contentPrefix } from './contentPages';
import { LandingPage } from './LandingPage';

// The docs (Markdown and its renderer) and the assessment load on demand: the landing page stays small.
const DocsSection = lazy(() => import(/* webpackChunkName: "content-docs" */ './docs/DocsSection'));
const AssessmentSection = lazy(() => import(/* webpackChunkName: "content-assessment" */ './AssessmentSection'));

interface MainContentSiteProps {
  config: SiteConfig;
  /** The page's path; tests pass one. */
  pathname?: string;
}

/**
 * The public content site: the landing page, the docs and the assessment. A handful of pages, so no
 * router (nor store, RTK or redux-persist) in this chunk; its links are full page loads.
 */
export default function MainContentSite({ config, pathname = window.location.pathname }: MainContentSiteProps) {
  const page = contentPageOf(pathname, config);
  const prefix = contentPrefix(pathname, config);
  const home = config.contentBasePath;
  const loading = <CentredSpinner label="Loading…" />;
  return (
    <RenderErrorBoundary homePath={home}>
      {page.kind === 'landing' && <LandingPage prefix={prefix} />}
      {page.kind === 'not-found' && <NotFoundScreen path={pathname} homePath={home} />}
      {(page.kind === 'docs' || page.kind === 'doc') && (
        <ContentFrame prefix={prefix} current="docs">
          <Suspense fallback={loading}>
            <DocsSection prefix={prefix} slug={page.kind === 'doc' ? page.slug : null} />
          </Suspense>
        </ContentFrame>
      )}
      {page.kind === 'assessment' && (
        <ContentFrame prefix={prefix} current="assessment">
          <Suspense fallback={loading}>
            <AssessmentSection prefix={prefix} />
          </Suspense>
        </ContentFrame>
      )}
    </RenderErrorBoundary>
  );
}
