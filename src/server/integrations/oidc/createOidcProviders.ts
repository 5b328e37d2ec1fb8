import {
  allowInsecureRequests,
  customFetch,
  discovery,
  enableNonRepudiationChecks,
  type Configuration,
  type DiscoveryRequestOptions,
} from 'openid-client';
import type { Config } from '../../config/config';
import { OidcProviders as OIDC_PROVIDERS, type OidcProvider } from '../../../shared/enums';
import type { IdentityProviderInfo } from '../../../shared/contract/auth';
import { OidcExchangeError } from './errors';
import { exchangeCode } from './exchange';
import { lazyRetrying } from './lazyRetrying';
import { providerSettings, type ProviderSettings } from './providerSettings';
import type { OidcProviders, OidcProvidersOptions } from './types';

function discoveryOptions(options: OidcProvidersOptions): DiscoveryRequestOptions {
  return {
    // Without non-repudiation checks openid-client trusts TLS and skips the ID token's signature.
    execute: options.allowInsecureRequests
      ? [enableNonRepudiationChecks, allowInsecureRequests]
      : [enableNonRepudiationChecks],
    timeout: options.timeoutSeconds ?? 10,
    ...(options.fetch ? { [customFetch]: options.fetch } : {}),
  };
}

export function createOidcProviders(config: Config, options: OidcProvidersOptions = {}): OidcProviders {
  const settings = providerSettings(config);
  const requestOptions = discoveryOptions(options);
  const discoveries = new Map<OidcProvider, () => Promise<Configuration>>();
  for (const provider of OIDC_PROVIDERS) {
    const entry = settings[provider];
    if (!entry) continue;
    discoveries.set(
      provider,
      lazyRetrying(() =>
        discovery(new URL(entry.issuerUrl), entry.clientId, undefined, entry.clientAuthentication, requestOptions),
      ),
    );
  }

  async function describeOne(
    provider: OidcProvider,
    entry: ProviderSettings | undefined,
  ): Promise<IdentityProviderInfo> {
    const discover = discoveries.get(provider);
    if (!entry || !discover) return { identityProvider: provider, enabled: false };
    try {
      const authorizationEndpoint = (await discover()).serverMetadata().authorization_endpoint;
      if (!authorizationEndpoint) throw new Error('the discovery document names no authorization endpoint');
      return {
        identityProvider: provider,
        enabled: true,
        authorizationEndpoint,
        clientId: entry.clientId,
        scope: entry.scope,
        ...(entry.responseMode ? { responseMode: entry.responseMode } : {}),
      };
    } catch (error) {
      options.log?.warn({ err: error, identityProvider: provider }, 'OpenID Connect discovery failed');
      return { identityProvider: provider, enabled: false };
    }
  }

  return {
    describe: () => Promise.all(OIDC_PROVIDERS.map((provider) => describeOne(provider, settings[provider]))),
    async exchange(input) {
      const entry = settings[input.identityProvider];
      const discover = discoveries.get(input.identityProvider);
      if (!entry || !discover) throw new OidcExchangeError(`${input.identityProvider} sign-in is not configured`);
      return exchangeCode(entry, discover, input);
    },
  };
}
