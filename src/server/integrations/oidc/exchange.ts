import { authorizationCodeGrant, type Configuration, type IDToken } from 'openid-client';
import { nonceForCodeVerifier } from '../../../shared/oidcNonce';
import { OidcExchangeError } from './errors';
import { identityFromClaims } from './identityClaims';
import type { ProviderSettings } from './providerSettings';
import type { ExchangeInput, VerifiedIdentity } from './types';

const NOT_VERIFIED = 'The sign-in could not be verified';

/**
 * The browser received the authorization response and checked its state; the server only gets the
 * code, so this rebuilds the callback URL openid-client reads it from. openid-client insists on `iss`
 * when the provider advertises it; the request already names the provider, so its issuer goes in.
 */
function callbackUrl(configuration: Configuration, redirectUri: string, code: string): URL {
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  const metadata = configuration.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported) url.searchParams.set('iss', metadata.issuer);
  return url;
}

/**
 * Redeems the code at the token endpoint with the PKCE verifier. openid-client verifies the ID
 * token: signature against the provider's JWKS (non-repudiation checks are on), iss, aud, exp and
 * the nonce, which the browser derived from the same verifier.
 */
async function redeem(
  settings: ProviderSettings,
  configuration: Configuration,
  input: ExchangeInput,
): Promise<IDToken> {
  try {
    await settings.beforeTokenRequest?.();
    const tokens = await authorizationCodeGrant(
      configuration,
      callbackUrl(configuration, input.redirectUri, input.code),
      {
        pkceCodeVerifier: input.codeVerifier,
        expectedNonce: await nonceForCodeVerifier(input.codeVerifier),
        idTokenExpected: true,
      },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('the token response holds no ID token');
    return claims;
  } catch (cause) {
    throw new OidcExchangeError(NOT_VERIFIED, { cause });
  }
}

export async function exchangeCode(
  settings: ProviderSettings,
  discover: () => Promise<Configuration>,
  input: ExchangeInput,
): Promise<VerifiedIdentity> {
  if (input.redirectUri !== settings.redirectUri) {
    throw new OidcExchangeError(`The ${settings.identityProvider} sign-in returned to an unexpected address`);
  }
  let configuration: Configuration;
  try {
    configuration = await discover();
  } catch (cause) {
    const message = `${settings.identityProvider} sign-in is unavailable right now, please try again later`;
    throw new OidcExchangeError(message, { cause });
  }
  const claims = await redeem(settings, configuration, input);
  if (settings.acceptsClaims && !settings.acceptsClaims(claims, configuration.serverMetadata().issuer)) {
    throw new OidcExchangeError(NOT_VERIFIED, { cause: new Error(`unexpected issuer ${claims.iss}`) });
  }
  return identityFromClaims(settings.identityProvider, claims);
}
