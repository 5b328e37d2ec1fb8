import { importPKCS8, SignJWT } from 'jose';
import { lazyRetrying } from './lazyRetrying';

export interface AppleSigningKey {
  teamId: string;
  keyId: string;
  clientId: string;
  /** The .p8 file's PKCS#8 PEM; literal "\n" sequences (common in env files) are accepted. */
  privateKey: string;
}

export const APPLE_AUDIENCE = 'https://appleid.apple.com';
const LIFETIME_SECONDS = 10 * 60;
/** A cached secret is reused while it still has at least this long to live. */
const REUSE_MARGIN_SECONDS = 5 * 60;

function toPem(privateKey: string): string {
  const text = privateKey.replace(/\\n/g, '\n').trim();
  if (text.startsWith('-----BEGIN')) return text;
  return `-----BEGIN PRIVATE KEY-----\n${text}\n-----END PRIVATE KEY-----`;
}

export interface AppleClientSecret {
  /** Signs a new secret when there is none or the cached one is close to expiry. */
  refresh(): Promise<void>;
  /** The secret from the last refresh. */
  current(): string;
}

/**
 * Apple's client_secret is a short-lived ES256 JWT (iss team id, sub client id, aud Apple) signed
 * with the team's private key. `current()` is synchronous because openid-client's client
 * authentication hook is; call `refresh()` before each token request. Any unexpired secret is
 * valid, so concurrent refreshes are harmless.
 */
export function createAppleClientSecret(key: AppleSigningKey, clock: () => Date = () => new Date()): AppleClientSecret {
  const privateKey = lazyRetrying(() => importPKCS8(toPem(key.privateKey), 'ES256'));
  let secret: { value: string; expiresAt: number } | undefined;
  return {
    async refresh() {
      const now = Math.floor(clock().getTime() / 1000);
      if (secret && secret.expiresAt - now >= REUSE_MARGIN_SECONDS) return;
      const value = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
        .setIssuer(key.teamId)
        .setSubject(key.clientId)
        .setAudience(APPLE_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + LIFETIME_SECONDS)
        .sign(await privateKey());
      secret = { value, expiresAt: now + LIFETIME_SECONDS };
    },
    current() {
      if (!secret) throw new Error('Apple client secret read before refresh()');
      return secret.value;
    },
  };
}
