import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Format tag: lets a later key rotation tell old ciphertexts from new ones. */
const VERSION = 'v1';

/** Encrypts a token for storage: AES-256-GCM with a fresh nonce, as `v1.<nonce>.<tag>.<ciphertext>` (base64url). */
export function sealToken(key: Buffer, token: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

/** The token, or null when it was sealed under another key or altered (the user authorizes again). */
export function openToken(key: Buffer, sealed: string): string | null {
  const [version, nonce, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
