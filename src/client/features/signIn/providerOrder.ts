import { IdentityProviders, type IdentityProvider } from '../../../shared/enums';
import type { ProviderInfo } from './providerInfo';

/** Apple, Google, Microsoft, Test, with the one used last moved to the top. */
export function orderProviders(providers: ProviderInfo[], lastUsed: IdentityProvider | null): ProviderInfo[] {
  const rank = (provider: ProviderInfo) =>
    provider.identityProvider === lastUsed ? -1 : IdentityProviders.indexOf(provider.identityProvider);
  return [...providers].sort((a, b) => rank(a) - rank(b));
}
