import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

/**
 * Where oidc-provider's interaction cookie is sent: the consent screen's API. The provider sets it on
 * the browser that asked /oauth/authorize, signed with its cookie keys, so only that browser can
 * answer the request (a consent link sent to someone else yields no code).
 */
export const INTERACTION_COOKIE_PATH = '/v1/oauth2';

/** The authorization request this browser started, from its interaction cookie; null when it has none. */
export async function interactionOfBrowser(
  provider: Provider,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<string | null> {
  try {
    return (await provider.interactionDetails(request, response)).uid;
  } catch (error) {
    // No cookie, a bad signature, or an interaction that has ended: this browser started nothing live.
    if (error instanceof Error && error.name === 'SessionNotFound') return null;
    throw error;
  }
}
