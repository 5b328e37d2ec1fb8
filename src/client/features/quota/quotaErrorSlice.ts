import { createSlice, isAnyOf, isRejectedWithValue, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { quotaMessage } from '../../../shared/quota';
import type { Envelope } from '../../../shared/results';
import { sessionEnded } from '../session/sessionEnded';
import { accountApi } from '../../api/account';

/**
 * Calls whose QuotaLimit answer becomes the active error (spec §8): team creation, member invite,
 * project creation and agent generation. Names are operationIds; each group adds its own.
 */
export const quotaErrorEndpoints = new Set<string>([
  'createTeam',
  'inviteTeamMember',
  'createProject',
  'generateAgentContent',
]);

export interface ActiveQuotaError {
  quotaKind: string | undefined;
  message: string;
}

export interface QuotaErrorState {
  activeError: ActiveQuotaError | null;
}

const initialState: QuotaErrorState = { activeError: null };

type RejectedCall = UnknownAction & {
  payload?: { data?: Envelope<{ quotaKind?: string }> };
  meta: { arg?: { endpointName?: string } };
};
const isQuotaRejection = (action: UnknownAction): action is RejectedCall => {
  if (!isRejectedWithValue(action)) return false;
  const call = action as RejectedCall;
  return call.payload?.data?.result === 'QuotaLimit' && quotaErrorEndpoints.has(call.meta.arg?.endpointName ?? '');
};

function raise(state: QuotaErrorState, quotaKind: string | undefined) {
  // Only if none is active: the first limit hit is the one the user is sent to resolve.
  if (state.activeError === null) state.activeError = { quotaKind, message: quotaMessage(quotaKind ?? 'unknown') };
}

export const quotaErrorSlice = createSlice({
  name: 'quotaError',
  initialState,
  reducers: {
    /** A limit the client found before calling (e.g. project items at maxProjectItems). */
    quotaErrorRaised(state, action: PayloadAction<string>) {
      raise(state, action.payload);
    },
    quotaErrorDismissed(state) {
      state.activeError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      // A new plan or add-ons may lift the limit: the old error no longer stands (a retry raises it again if not).
      .addMatcher(
        isAnyOf(
          accountApi.endpoints.putPlan.matchFulfilled,
          accountApi.endpoints.putAddOns.matchFulfilled,
          accountApi.endpoints.completeCheckout.matchFulfilled,
        ),
        () => initialState,
      )
      .addMatcher(isQuotaRejection, (state, action) => raise(state, action.payload?.data?.data?.quotaKind));
  },
  selectors: {
    selectActiveQuotaError: (state) => state.activeError,
  },
});

export const { quotaErrorRaised, quotaErrorDismissed } = quotaErrorSlice.actions;
export const { selectActiveQuotaError } = quotaErrorSlice.selectors;
