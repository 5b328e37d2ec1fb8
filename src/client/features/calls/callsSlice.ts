import { createSlice, type UnknownAction } from '@reduxjs/toolkit';

/**
 * Calls that block the whole screen while pending (spec §4). Endpoint names are the operationIds;
 * later groups add team change, team creation, active-project change, project creation and deletion.
 */
export const blockingEndpoints = new Set<string>([
  'signOut',
  // Team change (switching, or joining through an invite, which makes the team active) and team creation.
  'putActiveTeam',
  'acceptInvite',
  'createTeam',
  // Active-project change, project creation and project deletion.
  'setActiveProject',
  'createProject',
  'deleteProject',
]);

export interface CallsState {
  /** Non-GET calls in flight. */
  inFlight: number;
  /** Blocking calls in flight; the flag is on while this is above zero. */
  blocking: number;
}

const initialState: CallsState = { inFlight: 0, blocking: 0 };

type MutationAction = UnknownAction & { meta: { arg: { type: string; endpointName: string }; requestStatus: string } };
/** RTK Query's mutations are exactly our non-GET calls. */
const mutationPhase =
  (phase: 'pending' | 'settled') =>
  (action: UnknownAction): action is MutationAction => {
    const meta = (action as Partial<MutationAction>).meta;
    if (meta?.arg?.type !== 'mutation') return false;
    return phase === 'pending' ? meta.requestStatus === 'pending' : meta.requestStatus !== 'pending';
  };

export const callsSlice = createSlice({
  name: 'calls',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(mutationPhase('pending'), (state, action) => {
        state.inFlight += 1;
        if (blockingEndpoints.has(action.meta.arg.endpointName)) state.blocking += 1;
      })
      .addMatcher(mutationPhase('settled'), (state, action) => {
        state.inFlight = Math.max(0, state.inFlight - 1);
        if (blockingEndpoints.has(action.meta.arg.endpointName)) state.blocking = Math.max(0, state.blocking - 1);
      });
  },
  selectors: {
    selectInFlightCount: (state) => state.inFlight,
    selectIsBlocking: (state) => state.blocking > 0,
  },
});

export const { selectInFlightCount, selectIsBlocking } = callsSlice.selectors;
