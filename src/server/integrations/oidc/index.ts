/** OpenID Connect sign-in with Apple, Google and Microsoft: authorization code + PKCE, via openid-client. */
export { createOidcProviders } from './createOidcProviders';
export { OidcExchangeError } from './errors';
export type { ExchangeInput, OidcProviders, OidcProvidersOptions, VerifiedIdentity } from './types';
