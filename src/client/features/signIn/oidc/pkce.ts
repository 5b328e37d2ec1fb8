/** base64url without padding (RFC 7636 appendix A). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes give a 43-character value: the shortest verifier RFC 7636 allows, and plenty for state. */
export function randomUrlSafeString(byteLength = 32): string {
  return base64UrlEncode(globalThis.crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** The S256 code challenge: base64url(SHA-256(verifier)). */
export async function codeChallengeS256(codeVerifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return base64UrlEncode(new Uint8Array(digest));
}
