import type { Configuration } from 'oidc-provider';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An `http:` redirect to this machine: a native app's listener (RFC 8252 §7.3). */
export const isLoopbackRedirect = (uri: unknown) => {
  const url = typeof uri === 'string' ? URL.parse(uri) : null;
  return url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
};

type ExtraClientMetadata = NonNullable<Configuration['extraClientMetadata']>;

/**
 * Runs on every client's metadata, registered or fetched. A client whose redirect URIs are all
 * loopback is a native app, whatever it declares, so its redirect matches on any port (RFC 8252 §7.3):
 * Claude Code's metadata document lists `http://localhost/callback` and listens on a random port.
 * `software_id` (RFC 7591) is the property that lets this hook run; it must be a string.
 */
export function redirectUriPolicy(invalid: (message: string) => Error): ExtraClientMetadata {
  return {
    properties: ['software_id'],
    validator: (_ctx, key, value, metadata) => {
      if (key !== 'software_id') return;
      if (value !== undefined && typeof value !== 'string') throw invalid('software_id must be a string');
      const uris = metadata.redirect_uris ?? [];
      if (uris.length > 0 && uris.every(isLoopbackRedirect)) metadata.application_type = 'native';
    },
  };
}
