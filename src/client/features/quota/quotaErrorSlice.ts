import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { quotaMessage } from '../../../shared/quota';
import { sessionEnded } from '../session/sessionEnded';

export interface ActiveQuotaError {
  quotaKind: string | undefined;
  message: string;
}

export interface QuotaErrorState {
  activeError: ActiveQuotaError | null;
}

const initialState: QuotaErrorState = { activeError: null };

function raise(state: QuotaErrorState, quotaKind: string | undefined) {
  // Only if none is active: the first limit hit is the one the user is sent to resolve.
  if (state.activeError === null) state.activeError = { quotaKind, message: quotaMessage(quotaKind ?? 'unknown') };
}

export const quotaErrorSlice = createSlice({
  name: 'quotaError',
  initialState,
  reducers: {
    /** A limit hit: a call answered QuotaLimit (the quota listener), or the client found it before calling. */
    quotaErrorRaised(state, action: PayloadAction<string | undefined>) {
      raise(state, action.payload);
    },
    quotaErrorDismissed(state) {
      state.activeError = null;
    },
    /** A new plan or add-ons may have lifted the limit: the old error no longer stands (a retry raises it again if not). */
    quotaErrorLifted(state) {
      state.activeError = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
  selectors: {
    selectActiveQuotaError: (state) => state.activeError,
  },
});

export const { quotaErrorRaised, quotaErrorDismissed, quotaErrorLifted } = quotaErrorSlice.actions;
export const { selectActiveQuotaError } = quotaErrorSlice.selectors;
