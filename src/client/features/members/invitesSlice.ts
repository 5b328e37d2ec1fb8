import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { authApi } from '../../api/auth';
import { userAndTeamApi } from '../../api/userAndTeam';
import { sessionEnded } from '../session/sessionEnded';

export interface InvitesState {
  /** Invites this browser has joined with (at sign-in or on the join page): their links are spent. */
  used: { inviteCode: string }[];
}

const initialState: InvitesState = { used: [] };

function markUsed(state: InvitesState, inviteCode: string | undefined) {
  if (inviteCode && !state.used.some((entry) => entry.inviteCode === inviteCode)) state.used.push({ inviteCode });
}

/**
 * Invite links this browser has spent. Not persisted: a code is a secret (DevTools redact the
 * `inviteCode` key). The team's open invites, with their codes for Admins, come from the server.
 */
export const invitesSlice = createSlice({
  name: 'invites',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      .addMatcher(
        isAnyOf(authApi.endpoints.testAuthenticate.matchFulfilled, authApi.endpoints.exchangeToken.matchFulfilled),
        (state, action) => markUsed(state, action.meta.arg.originalArgs.inviteCode),
      )
      .addMatcher(userAndTeamApi.endpoints.acceptInvite.matchFulfilled, (state, action) =>
        markUsed(state, action.meta.arg.originalArgs.inviteCode),
      );
  },
  selectors: {
    selectInviteIsUsed: (state, inviteCode: string) => state.used.some((entry) => entry.inviteCode === inviteCode),
  },
});

export const { selectInviteIsUsed } = invitesSlice.selectors;

/** The link a colleague follows: signed out it leads through sign-in (which joins), signed in to the join page. */
export function inviteLink(inviteCode: string, origin = window.location.origin) {
  return `${origin}/join?invite=${encodeURIComponent(inviteCode)}`;
}
