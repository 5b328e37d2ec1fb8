import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { Db } from '../db/types';
import { findOAuthModel, insertOAuthModelOnce } from '../repositories/oauthModels';

/** The authorization server's signing key and cookie keys: made once, shared by every instance. */
export interface ServerKeys {
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

export async function loadServerKeys(db: Db): Promise<ServerKeys> {
  // Made once: every later start reads them (an RSA key takes tens of milliseconds to make).
  const existing = await findOAuthModel(db, { kind: 'ServerKeys', id: 'current' }, new Date()); // never expires
  if (existing) return existing.payload as unknown as ServerKeys;
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const candidate: ServerKeys = {
    jwks: { keys: [{ ...privateKey, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' } as JWK] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  // Instances starting together each make a candidate; the first one stored is everyone's.
  const stored = await insertOAuthModelOnce(db, {
    kind: 'ServerKeys',
    id: 'current',
    payload: candidate as unknown as Record<string, unknown>,
  });
  return stored.payload as unknown as ServerKeys;
}
