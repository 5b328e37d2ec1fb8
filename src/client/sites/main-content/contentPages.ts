import type { SiteConfig } from '../../../shared/siteKind';
import { docSlugs, type DocSlug } from './docs/docSlugs';

/** The pages of the main content site. */
export type ContentPage =
  | { kind: 'landing' }
  | { kind: 'assessment' }
  | { kind: 'docs' }
  | { kind: 'doc'; slug: DocSlug }
  | { kind: 'not-found' };

/** A path as React Router compares it: each segment decoded, no trailing slashes, in any letter case. */
function comparable(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    // A malformed escape is compared as written.
  }
  return decoded.replace(/\/+$/, '').toLowerCase() || '/';
}

/**
 * Where the site's pages live: under the content base path (e.g. /about/docs), or at the root on a
 * content host (/docs). The prefix is '' on a content host.
 */
export function contentPrefix(pathname: string, config: SiteConfig): string {
  const base = comparable(config.contentBasePath);
  const path = comparable(pathname);
  return path === base || path.startsWith(`${base}/`) ? config.contentBasePath.replace(/\/+$/, '') : '';
}

/** The page a path shows; any other path is not found. */
export function contentPageOf(pathname: string, config: SiteConfig): ContentPage {
  const prefix = comparable(contentPrefix(pathname, config) || '/');
  const path = comparable(pathname);
  const rest = (prefix === '/' ? path : path.slice(prefix.length)) || '/';
  if (rest === '/') return { kind: 'landing' };
  if (rest === '/assessment') return { kind: 'assessment' };
  if (rest === '/docs') return { kind: 'docs' };
  const doc = /^\/docs\/([a-z0-9-]+)$/.exec(rest);
  const slug = docSlugs.find((known) => known === doc?.[1]);
  return slug ? { kind: 'doc', slug } : { kind: 'not-found' };
}

/** A link to one of the site's pages ('' for the landing page, 'docs/mcp' for a doc). */
export function contentHref(prefix: string, page: string): string {
  return `${prefix}/${page}`.replace(/\/+$/, '') || '/';
}
