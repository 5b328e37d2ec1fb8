/**
 * The OpenID nonce of a sign-in is derived from its PKCE code verifier, so the server can check
 * the ID token's nonce without storing anything: the verifier stays secret in the browser until
 * the code is exchanged, and the exchange request carries it.
 */
export async function nonceForCodeVerifier(codeVerifier: string): Promise<string> {
  const bytes = new TextEncoder().encode(`baton-nonce:${codeVerifier}`);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
