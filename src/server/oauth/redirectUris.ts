import type { Configuration } from 'oidc-provider';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An `http:` redirect to this machine: a native app's listener (RFC 8252 §7.3). */
const isLoopbackRedirect = (uri: unknown) => {
  const url = typeof uri === 'string' ? URL.parse(uri) : null;
  return url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
};

/** A redirect to an app's own URI scheme, such as Cursor's `cursor://` (RFC 8252 §7.1). */
const isPrivateSchemeRedirect = (uri: unknown) => {
  const url = typeof uri === 'string' ? URL.parse(uri) : null;
  return url !== null && url.protocol !== 'http:' && url.protocol !== 'https:';
};

type ExtraClientMetadata = NonNullable<Configuration['extraClientMetadata']>;

export interface RedirectUriErrors {
  invalidMetadata: (message: string) => Error;
  invalidRedirectUri: (message: string) => Error;
}

/**
 * Runs on every client's metadata, registered or fetched (oidc-provider's extraClientMetadata hook).
 * - A client whose redirect URIs are all loopback or its own scheme is a native app, whatever it
 *   declares, so a loopback redirect matches on any port (RFC 8252 §7.3): Claude Code's metadata
 *   document lists `http://localhost/callback` and listens on a random port.
 * - Registering, or a metadata document, with a plain-http redirect off this machine is refused: the
 *   code would cross the network in clear. (Clients stored before this rule still load.)
 * `software_id` (RFC 7591) is the property that lets the hook run; it must be a string.
 */
export function redirectUriPolicy(errors: RedirectUriErrors): ExtraClientMetadata {
  return {
    properties: ['software_id'],
    validator: (ctx, key, value, metadata) => {
      if (key !== 'software_id') return;
      if (value !== undefined && typeof value !== 'string')
        throw errors.invalidMetadata('software_id must be a string');
      const uris = metadata.redirect_uris ?? [];
      // ctx is there when a client registers; a client id that is a URL is a metadata document just fetched.
      const arriving = ctx !== undefined || /^https:\/\//i.test(metadata.client_id ?? '');
      const inClear = uris.find((uri) => URL.parse(uri)?.protocol === 'http:' && !isLoopbackRedirect(uri));
      if (arriving && inClear) {
        throw errors.invalidRedirectUri(`redirect_uris: plain http is allowed for loopback only, not ${inClear}`);
      }
      if (uris.length > 0 && uris.every((uri) => isLoopbackRedirect(uri) || isPrivateSchemeRedirect(uri))) {
        metadata.application_type = 'native';
      }
    },
  };
}
