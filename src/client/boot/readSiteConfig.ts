import { defaultSiteConfig, type SiteConfig } from '../../shared/siteKind';

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

/** Keeps what is well formed in the server's config and takes the default for the rest. */
export function parseSiteConfig(json: string | null | undefined): SiteConfig {
  if (!json) return defaultSiteConfig;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return defaultSiteConfig;
  }
  if (typeof raw !== 'object' || raw === null) return defaultSiteConfig;
  const value = raw as Record<string, unknown>;
  return {
    contentHosts: isStringList(value.contentHosts) ? value.contentHosts : defaultSiteConfig.contentHosts,
    contentBasePath:
      typeof value.contentBasePath === 'string' && value.contentBasePath.startsWith('/')
        ? value.contentBasePath
        : defaultSiteConfig.contentBasePath,
    legacyContentHosts: isStringList(value.legacyContentHosts)
      ? value.legacyContentHosts
      : defaultSiteConfig.legacyContentHosts,
    legacyContentUrl: typeof value.legacyContentUrl === 'string' ? value.legacyContentUrl : null,
    aiDrafts: value.aiDrafts === true,
  };
}

/** The server injects `<meta name="baton-config" content="{json}">` into every page (no inline script under the CSP). */
export function readSiteConfig(document: Document): SiteConfig {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="baton-config"]');
  return parseSiteConfig(meta?.content);
}
