import type { ListIdentityProvidersApiResponse } from '../../api/auth.gen';

/** One provider as the server describes it (the generated type names the four providers exactly). */
export type ProviderInfo = ListIdentityProvidersApiResponse['identityProviders'][number];
