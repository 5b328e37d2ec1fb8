import type { Configuration } from 'oidc-provider';
import { resolvesOnlyToPublicAddresses } from './publicAddress';

/**
 * Tests only: origins of fakes on 127.0.0.1 the metadata-document fetcher may reach, and the fetch
 * that reaches them (trusting the fake's own certificate). server.ts never sets it.
 */
export interface ClientMetadataFetchForTests {
  origins: string[];
  fetch: typeof fetch;
}

export interface ClientMetadataDocumentOptions {
  /** MCP_CLIENT_METADATA_DOCUMENTS: off, the feature is neither advertised nor used, so clients register (RFC 7591). */
  enabled: boolean;
  testOnly?: ClientMetadataFetchForTests;
}

type Feature = NonNullable<NonNullable<Configuration['features']>['clientIdMetadataDocument']>;

/**
 * Client ID Metadata Documents (draft-02) through oidc-provider: an `https://` client id is fetched by
 * the library's guarded client (HTTPS only, connections to special-use addresses cut, no redirects,
 * 2.5 s and 5 kB caps) and cached by its HTTP cache headers, between 5 minutes and a day. Baton checks
 * first that every address of the host is public.
 */
export function clientMetadataDocumentFeature({ enabled, testOnly }: ClientMetadataDocumentOptions): Feature {
  const testOrigins = new Set(testOnly?.origins ?? []);
  return {
    enabled,
    ack: 'draft-02',
    allowFetch: async (_ctx, clientId) => {
      const url = new URL(clientId);
      return testOrigins.has(url.origin) || resolvesOnlyToPublicAddresses(url.hostname);
    },
    cacheDuration: { min: 300, max: 86_400 },
  };
}

/** The provider's outbound fetch: the platform's, except for a test's fake origins. */
export function providerFetch(testOnly?: ClientMetadataFetchForTests): Configuration['fetch'] {
  if (!testOnly) return (url, options) => fetch(url, options);
  const origins = new Set(testOnly.origins);
  return (input, options) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return origins.has(url.origin) ? testOnly.fetch(input, options) : fetch(input, options);
  };
}
