import { createHash } from 'node:crypto';
import { nonceForCodeVerifier } from '../../src/shared/oidcNonce';

describe('OIDC nonce derived from the PKCE verifier', () => {
  it('is the base64url SHA-256 of the prefixed verifier', async () => {
    const verifier = 'x'.repeat(43);
    const expected = createHash('sha256').update(`baton-nonce:${verifier}`).digest('base64url');
    expect(await nonceForCodeVerifier(verifier)).toBe(expected);
  });
  it('differs for different verifiers', async () => {
    expect(await nonceForCodeVerifier('a'.repeat(43))).not.toBe(await nonceForCodeVerifier('b'.repeat(43)));
  });
});
