import { createAction, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';

export type SessionEndReason = 'signedOut' | 'unauthorized';

/**
 * The user's session is over: they signed out, or the server answered 401. Every slice holding what
 * that user loaded resets on this one action (the session listener also drops the API cache), so the
 * next user to sign in in this tab sees none of it. The last identity provider is not user data and stays.
 */
export const sessionEnded = createAction<{ reason: SessionEndReason }>('session/ended');

/** An API call the server refused with 401: the session has expired or was revoked. */
export const isUnauthorizedAnswer = (action: UnknownAction) =>
  isRejectedWithValue(action) && (action.payload as { status?: unknown } | undefined)?.status === 401;
