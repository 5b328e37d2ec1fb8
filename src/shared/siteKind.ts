/** Which of the three route sets a page load shows (spec §1). */
export type SiteKind = 'legacy-content' | 'main-content' | 'app';

/** Site settings the server hands the page (from CONTENT_HOSTS, CONTENT_BASE_PATH, LEGACY_CONTENT_*). */
export interface SiteConfig {
  contentHosts: string[];
  contentBasePath: string;
  legacyContentHosts: string[];
  legacyContentUrl: string | null;
  /** Whether drafts come from an AI provider (AI_PROVIDER set), rather than the built-in drafter. */
  aiDrafts: boolean;
}

export const defaultSiteConfig: SiteConfig = {
  contentHosts: [],
  contentBasePath: '/about',
  legacyContentHosts: [],
  legacyContentUrl: null,
  aiDrafts: false,
};

/** Chosen by host first, then by whether the path starts with the content base path. */
export function siteKindFor(host: string, pathname: string, config: SiteConfig): SiteKind {
  const hostname = host.toLowerCase();
  if (config.legacyContentHosts.includes(hostname)) return 'legacy-content';
  if (config.contentHosts.includes(hostname)) return 'main-content';
  const base = config.contentBasePath;
  if (pathname === base || pathname.startsWith(`${base}/`)) return 'main-content';
  return 'app';
}
