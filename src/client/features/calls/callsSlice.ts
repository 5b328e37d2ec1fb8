import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
// Calls that block the whole screen while pending (spec §4), as their routes declare them.
import { blockingEndpoints } from '../../api/endpointBehaviour.gen';

export interface CallsState {
  /** Non-GET calls in flight. */
  inFlight: number;
  /** Blocking calls in flight; the flag is on while this is above zero. */
  blocking: number;
}

const initialState: CallsState = { inFlight: 0, blocking: 0 };

export const callsSlice = createSlice({
  name: 'calls',
  initialState,
  reducers: {
    /** A non-GET call went out (the calls listener sees every mutation start). */
    callStarted(state, action: PayloadAction<{ endpointName: string }>) {
      state.inFlight += 1;
      if (blockingEndpoints.has(action.payload.endpointName)) state.blocking += 1;
    },
    /** …and was answered, or failed. */
    callSettled(state, action: PayloadAction<{ endpointName: string }>) {
      state.inFlight = Math.max(0, state.inFlight - 1);
      if (blockingEndpoints.has(action.payload.endpointName)) state.blocking = Math.max(0, state.blocking - 1);
    },
  },
  selectors: {
    selectInFlightCount: (state) => state.inFlight,
    selectIsBlocking: (state) => state.blocking > 0,
  },
});

export const { callStarted, callSettled } = callsSlice.actions;
export const { selectInFlightCount, selectIsBlocking } = callsSlice.selectors;
