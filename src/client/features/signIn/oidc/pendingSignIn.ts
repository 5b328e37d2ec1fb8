import type { OidcProvider } from '../../../../shared/enums';

/** What the callback needs to finish a sign-in this tab started. */
export interface PendingSignIn {
  provider: OidcProvider;
  state: string;
  codeVerifier: string;
  redirectUri: string;
  inviteCode?: string;
}

/** sessionStorage: one tab's sign-in, gone when the tab closes, never sent to a server. */
const storageKey = 'baton.pendingSignIn';

export function savePendingSignIn(pending: PendingSignIn, storage: Storage = sessionStorage) {
  storage.setItem(storageKey, JSON.stringify(pending));
}

export function loadPendingSignIn(storage: Storage = sessionStorage): PendingSignIn | null {
  const raw = storage.getItem(storageKey);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSignIn>;
    if (
      typeof value.provider !== 'string' ||
      typeof value.state !== 'string' ||
      typeof value.codeVerifier !== 'string'
    ) {
      return null;
    }
    return value as PendingSignIn;
  } catch {
    return null;
  }
}

/** A verifier is single-use: forget it as soon as the callback has read it. */
export function clearPendingSignIn(storage: Storage = sessionStorage) {
  storage.removeItem(storageKey);
}
