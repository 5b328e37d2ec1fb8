import type { SiteConfig } from '../../../shared/siteKind';

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

/** The landing page answers at the content base path, and at '/' on a content host; any other path is not found. */
export function isLandingPath(pathname: string, config: SiteConfig): boolean {
  const path = comparable(pathname);
  return path === '/' || path === comparable(config.contentBasePath);
}
