import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify, type JWTPayload } from 'jose';

/** The proof algorithms oidc-provider advertises (dpop_signing_alg_values_supported) and its token endpoint takes. */
export const DPOP_ALGORITHMS: ('ES256' | 'Ed25519' | 'EdDSA')[] = ['ES256', 'Ed25519', 'EdDSA'];
/** How far a proof's iat may be from now, as oidc-provider allows at its token endpoint. */
const PROOF_WINDOW_SECONDS = 300;

export interface DpopRequest {
  /** The DPoP header(s) as received. */
  proof: string | string[] | undefined;
  method: string;
  /** The request's URL without query or fragment, as the client addressed it. */
  url: string;
  accessToken: string;
  now: Date;
}

/** Records a proof's jti for its key until it expires (epoch seconds); false when seen before (a replay). */
export type FirstUse = (jkt: string, jti: string, expiresAt: number) => Promise<boolean>;

/**
 * A DPoP proof for a protected-resource request (RFC 9449 §4.3, §7.1): one `dpop+jwt` signed by the
 * key it embeds, for this method and URL, recent, carrying the access token's hash, used once.
 * Answers the key's thumbprint, which the access token's `cnf.jkt` must equal, or why it is refused.
 */
export async function verifyDpopProof(
  request: DpopRequest,
  firstUse: FirstUse,
): Promise<{ jkt: string } | { problem: string }> {
  if (typeof request.proof !== 'string' || request.proof.length === 0) {
    return { problem: 'A DPoP-bound token needs exactly one DPoP proof header' };
  }
  let payload: JWTPayload;
  let jkt: string;
  try {
    const verified = await jwtVerify(request.proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: DPOP_ALGORITHMS });
    payload = verified.payload;
    jkt = await calculateJwkThumbprint(verified.protectedHeader.jwk!);
  } catch {
    return { problem: 'The DPoP proof is not a valid dpop+jwt signed by its embedded key' };
  }
  const now = Math.floor(request.now.getTime() / 1000);
  if (typeof payload.jti !== 'string' || payload.jti.length === 0) return { problem: 'The DPoP proof has no jti' };
  if (typeof payload.iat !== 'number' || Math.abs(now - payload.iat) > PROOF_WINDOW_SECONDS) {
    return { problem: 'The DPoP proof is not recent' };
  }
  if (payload['nonce'] !== undefined) return { problem: 'This server issues no DPoP nonces' };
  if (payload['htm'] !== request.method) return { problem: 'The DPoP proof is for another method' };
  const htu = typeof payload['htu'] === 'string' ? URL.parse(payload['htu']) : null;
  if (!htu || `${htu.origin}${htu.pathname}` !== request.url) return { problem: 'The DPoP proof is for another URL' };
  if (payload['ath'] !== createHash('sha256').update(request.accessToken).digest('base64url')) {
    return { problem: 'The DPoP proof is for another access token' };
  }
  if (!(await firstUse(jkt, payload.jti, now + 2 * PROOF_WINDOW_SECONDS))) {
    return { problem: 'The DPoP proof was used before' };
  }
  return { jkt };
}
