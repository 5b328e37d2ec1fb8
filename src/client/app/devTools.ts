import type { Action } from '@reduxjs/toolkit';

/** Never shown in Redux DevTools or exported snapshots: sign-in codes and verifiers, invite codes. */
const SECRET_KEYS = new Set(['code', 'codeVerifier', 'inviteCode']);

export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_KEYS.has(key) ? '[redacted]' : redactSecrets(inner)]),
    ) as T;
  }
  return value;
}

/** DevTools are on in every build (QA scripts flows with them); secrets are stripped first. */
export const devToolsOptions = {
  name: 'Baton',
  actionSanitizer: <A extends Action>(action: A): A => redactSecrets(action),
  stateSanitizer: <S>(state: S): S => redactSecrets(state),
};
