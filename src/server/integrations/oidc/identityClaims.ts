import type { IDToken } from 'openid-client';
import type { OidcProvider } from '../../../shared/enums';
import type { VerifiedIdentity } from './types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The tenant of personal Microsoft accounts (outlook.com, hotmail.com, …). */
export const MICROSOFT_PERSONAL_ACCOUNTS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

function asEmail(value: unknown): string | undefined {
  return typeof value === 'string' && EMAIL.test(value.trim()) ? value.trim().toLowerCase() : undefined;
}

/** Apple sends booleans as strings ("true"); Microsoft's optional claims have been seen as "1". */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/**
 * Microsoft's `email` is the user's Mail attribute, which a tenant admin (or a user without a mailbox)
 * may set to any address, and `preferred_username` is not verified either (the nOAuth takeover).
 * Microsoft vouches for the address only through the optional claim `xms_edov` (email domain owner
 * verified), or `email_verified` where it sends one. Personal Microsoft accounts' addresses are ones
 * Microsoft verified ("Migrate away from using email claims", Microsoft Learn); their tokens carry the
 * personal-accounts tenant both in `tid` and in the issuer.
 */
function microsoftVouchesForEmail(claims: IDToken): boolean {
  return (
    isTrue(claims['xms_edov']) ||
    claims['email_verified'] === true ||
    (claims['tid'] === MICROSOFT_PERSONAL_ACCOUNTS_TENANT &&
      claims.iss.includes(`/${MICROSOFT_PERSONAL_ACCOUNTS_TENANT}/`))
  );
}

/** The user's address, only when the provider vouches that it belongs to them. */
function verifiedEmailFrom(provider: OidcProvider, claims: IDToken): string | undefined {
  switch (provider) {
    case 'Google':
      return claims['email_verified'] === true ? asEmail(claims['email']) : undefined;
    case 'Microsoft':
      return microsoftVouchesForEmail(claims) ? asEmail(claims['email']) : undefined;
    case 'Apple':
      // Apple's tokens for "Sign in with Apple at Work & School" may carry addresses it has not verified.
      return isTrue(claims['email_verified']) ? asEmail(claims['email']) : undefined;
  }
}

/** What a user whose account shared no verified address is told, and what they or their admin can do. */
function noAddressReason(provider: OidcProvider): string {
  const base = `Your ${provider} account did not share a verified e-mail address, so Baton cannot create an account for it.`;
  if (provider === 'Microsoft') {
    return `${base} Ask your Microsoft Entra administrator to add the optional ID token claims "email" and "xms_edov" to Baton's app registration, then sign in again.`;
  }
  return `${base} Verify your address with ${provider}, or sign in with another provider.`;
}

/**
 * The identity is (issuer, subject). The address names a new user, so it is kept only when verified;
 * without one an existing user still signs in, and a new one is refused with `noAddressReason`.
 */
export function identityFromClaims(provider: OidcProvider, claims: IDToken): VerifiedIdentity {
  const identity = { identityProvider: provider, issuer: claims.iss, subject: claims.sub };
  const emailAddress = verifiedEmailFrom(provider, claims);
  return emailAddress ? { ...identity, emailAddress } : { ...identity, noAddressReason: noAddressReason(provider) };
}
