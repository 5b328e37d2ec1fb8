/**
 * What never leaves the browser: Redux DevTools strip secrets from every action and state they show.
 * Apart from the support snapshot's redaction (redaction.ts) because DevTools need it at start-up and
 * the snapshot's only when one is made.
 */

export const REDACTED = '[redacted]';

/** Keys whose values are secrets wherever they appear: sign-in codes, PKCE verifiers, invite codes, tokens. */
const SECRET_KEYS = new Set(['code', 'codeVerifier', 'inviteCode', 'password', 'secret', 'clientSecret']);
export const isSecretKey = (key: string) => SECRET_KEYS.has(key) || /token$/i.test(key);

export function mapDeep(value: unknown, visit: (key: string, inner: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((inner) => mapDeep(inner, visit));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, visit(key, inner)]));
  }
  return value;
}

/** Secrets only (DevTools, which run in the user's own browser): every secret key's value becomes "[redacted]". */
export function redactSecrets<T>(value: T): T {
  const visit = (key: string, inner: unknown): unknown => (isSecretKey(key) ? REDACTED : mapDeep(inner, visit));
  return mapDeep(value, visit) as T;
}
