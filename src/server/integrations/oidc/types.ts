import type { CustomFetch } from 'openid-client';
import type { OidcProvider } from '../../../shared/enums';
import type { IdentityProviderInfo } from '../../../shared/contract/auth';

export interface VerifiedIdentity {
  identityProvider: OidcProvider;
  issuer: string;
  subject: string;
  /** Only an address the provider vouches for (verified); absent otherwise. */
  emailAddress?: string;
  /** When there is no address: why, in words for the user, shown if a new account would need one. */
  noAddressReason?: string;
}

export interface ExchangeInput {
  identityProvider: OidcProvider;
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface OidcProviders {
  /** For Apple, Google, Microsoft: enabled flag and, when enabled, what the browser needs to start the flow. May trigger discovery (cached). */
  describe(): Promise<IdentityProviderInfo[]>;
  /** Redeems the code with the PKCE verifier, verifies the ID token and returns the identity. Throws OidcExchangeError on any failure. */
  exchange(input: ExchangeInput): Promise<VerifiedIdentity>;
}

export interface OidcProvidersOptions {
  /** Permits http:// issuers and endpoints. Only for tests against a provider on 127.0.0.1. */
  allowInsecureRequests?: boolean;
  /** Replaces fetch for every request to the providers (tests route them to a local provider). */
  fetch?: CustomFetch;
  /** Seconds one request to a provider may take. Default 10. */
  timeoutSeconds?: number;
  /** Told about discovery failures, which describe() reports as a disabled provider. Fastify's logger fits. */
  log?: { warn(details: object, message: string): void };
}
