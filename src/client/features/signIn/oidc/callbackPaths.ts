import type { OidcProvider } from '../../../../shared/enums';

/** Where each provider sends the browser back to (Microsoft's path is fixed by the spec). */
export const callbackPathOf: Record<OidcProvider, string> = {
  Microsoft: '/auth/msft',
  Google: '/auth/google',
  Apple: '/auth/apple',
};

export const redirectUriFor = (origin: string, provider: OidcProvider) => `${origin}${callbackPathOf[provider]}`;
