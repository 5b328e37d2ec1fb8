import { ClientSecretPost, None, type ClientAuth, type IDToken } from 'openid-client';
import type { Config } from '../../config/config';
import type { OidcProvider } from '../../../shared/enums';
import { createAppleClientSecret } from './appleClientSecret';
import { isMicrosoftIssuerValid } from './microsoftIssuer';

/** Everything Baton knows about one configured provider before discovery. */
export interface ProviderSettings {
  identityProvider: OidcProvider;
  issuerUrl: string;
  clientId: string;
  /** The only redirect URI Baton accepts for this provider. */
  redirectUri: string;
  scope: string;
  /** How the provider returns the authorization response; absent means the default query string. */
  responseMode?: 'form_post';
  clientAuthentication: ClientAuth;
  /** Runs before each token request (Apple re-signs its client secret). */
  beforeTokenRequest?: () => Promise<void>;
  /** A provider-specific check of the already verified ID token. */
  acceptsClaims?: (claims: IDToken, discoveredIssuer: string) => boolean;
}

const secretOrNone = (clientSecret: string | undefined): ClientAuth =>
  clientSecret ? ClientSecretPost(clientSecret) : None();

function google(config: Config): ProviderSettings | undefined {
  const google = config.google;
  if (!google) return undefined;
  return {
    identityProvider: 'Google',
    issuerUrl: google.issuerUrl,
    clientId: google.clientId,
    redirectUri: `${config.publicUrl}/auth/google`,
    scope: 'openid email',
    clientAuthentication: secretOrNone(google.clientSecret),
  };
}

function microsoft(config: Config): ProviderSettings | undefined {
  const microsoft = config.microsoft;
  if (!microsoft) return undefined;
  return {
    identityProvider: 'Microsoft',
    issuerUrl: microsoft.issuerUrl,
    clientId: microsoft.clientId,
    redirectUri: `${config.publicUrl}/auth/msft`,
    // No `profile`: its preferred_username is unverified and never names a user.
    scope: 'openid email',
    clientAuthentication: secretOrNone(microsoft.clientSecret),
    acceptsClaims: (claims, discoveredIssuer) =>
      isMicrosoftIssuerValid({ tenantId: microsoft.tenantId, discoveredIssuer }, claims),
  };
}

function apple(config: Config): ProviderSettings | undefined {
  const apple = config.apple;
  if (!apple) return undefined;
  const base = {
    identityProvider: 'Apple' as const,
    issuerUrl: apple.issuerUrl,
    clientId: apple.clientId,
    redirectUri: `${config.publicUrl}/auth/apple`,
    scope: 'openid email',
    // Apple insists on form_post when e-mail is asked for; POST /auth/apple hands the code to the browser.
    responseMode: 'form_post' as const,
  };
  if (apple.clientSecret) return { ...base, clientAuthentication: ClientSecretPost(apple.clientSecret) };
  const { teamId, keyId, privateKey } = apple;
  if (!teamId || !keyId || !privateKey) return undefined;
  const secret = createAppleClientSecret({ teamId, keyId, privateKey, clientId: apple.clientId });
  return {
    ...base,
    // Apple's secret expires within minutes, so it is read at request time.
    clientAuthentication: (as, client, body, headers) => ClientSecretPost(secret.current())(as, client, body, headers),
    beforeTokenRequest: () => secret.refresh(),
  };
}

/** The configured providers, keyed by name; an unconfigured provider is absent. */
export function providerSettings(config: Config): Partial<Record<OidcProvider, ProviderSettings>> {
  return { Apple: apple(config), Google: google(config), Microsoft: microsoft(config) };
}
