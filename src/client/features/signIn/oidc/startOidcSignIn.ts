import { nonceForCodeVerifier } from '../../../../shared/oidcNonce';
import type { ProviderInfo } from '../providerInfo';
import { authorizationUrl } from './authorizationUrl';
import { redirectUriFor } from './callbackPaths';
import { savePendingSignIn } from './pendingSignIn';
import { codeChallengeS256, randomUrlSafeString } from './pkce';

export interface StartOptions {
  origin: string;
  inviteCode?: string;
  storage?: Storage;
}

export class ProviderNotConfiguredError extends Error {}

/** Makes a fresh state and verifier, keeps them for the callback, and returns where to send the browser. */
export async function startOidcSignIn(info: ProviderInfo, options: StartOptions): Promise<string> {
  const provider = info.identityProvider;
  if (provider === 'Test' || !info.enabled || !info.authorizationEndpoint || !info.clientId) {
    throw new ProviderNotConfiguredError(`${provider} sign-in is not configured.`);
  }
  const state = randomUrlSafeString();
  const codeVerifier = randomUrlSafeString();
  const redirectUri = redirectUriFor(options.origin, provider);
  savePendingSignIn({ provider, state, codeVerifier, redirectUri, inviteCode: options.inviteCode }, options.storage);
  return authorizationUrl({
    provider,
    authorizationEndpoint: info.authorizationEndpoint,
    clientId: info.clientId,
    scope: info.scope ?? 'openid email',
    redirectUri,
    state,
    nonce: await nonceForCodeVerifier(codeVerifier),
    codeChallenge: await codeChallengeS256(codeVerifier),
  });
}
