import type { IDToken } from 'openid-client';
import type { OidcProvider } from '../../../shared/enums';
import { OidcExchangeError } from './errors';
import type { VerifiedIdentity } from './types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function asEmail(value: unknown): string | undefined {
  return typeof value === 'string' && EMAIL.test(value.trim()) ? value.trim().toLowerCase() : undefined;
}

/** Each provider names the user's e-mail address its own way. */
function emailFrom(provider: OidcProvider, claims: IDToken): string | undefined {
  switch (provider) {
    case 'Google':
      // Google marks addresses it has not verified; those could belong to someone else.
      return claims['email_verified'] === true ? asEmail(claims['email']) : undefined;
    case 'Microsoft':
      // Work accounts often lack `email`; their sign-in name is usually the address.
      return asEmail(claims['email']) ?? asEmail(claims['preferred_username']);
    case 'Apple':
      return asEmail(claims['email']);
  }
}

/** The identity is (issuer, subject); the e-mail address is required to name the user. */
export function identityFromClaims(provider: OidcProvider, claims: IDToken): VerifiedIdentity {
  const emailAddress = emailFrom(provider, claims);
  if (!emailAddress) {
    const article = provider === 'Google' ? 'a verified' : 'an';
    throw new OidcExchangeError(`Your ${provider} account did not share ${article} e-mail address`);
  }
  return { identityProvider: provider, issuer: claims.iss, subject: claims.sub, emailAddress };
}
