import { readSiteConfig } from '../../boot/readSiteConfig';
import type { DocSlug } from '../../sites/main-content/docs/docSlugs';

/** A user doc's page on the content site (docs/<slug>.md rendered), reachable from the app's own host. */
export const docsHref = (slug?: DocSlug) => `${readSiteConfig(document).contentBasePath}/docs${slug ? `/${slug}` : ''}`;
