import type { OidcProvider } from '../../../../shared/enums';
import type { PendingSignIn } from './pendingSignIn';

export type CallbackCheck = { ok: true; code: string; pending: PendingSignIn } | { ok: false; message: string };

/** Accepts a provider's answer only for the sign-in this tab started: same provider, same state. */
export function verifyCallback(
  provider: OidcProvider,
  search: URLSearchParams,
  pending: PendingSignIn | null,
): CallbackCheck {
  const providerError = search.get('error');
  if (providerError) {
    const description = search.get('error_description');
    return { ok: false, message: `${provider} did not sign you in (${description ?? providerError}).` };
  }
  const code = search.get('code');
  const state = search.get('state');
  if (!code || !state) return { ok: false, message: 'The sign-in answer is incomplete. Please start again.' };
  if (!pending || pending.provider !== provider || pending.state !== state) {
    return { ok: false, message: 'This sign-in was not started here, or it has expired. Please start again.' };
  }
  return { ok: true, code, pending };
}
