import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../session/sessionEnded';
import { teamEditKey, teamFieldEditRequested } from './editTeamField';

/** Edits of one field of one team still on their way, and the value the server last accepted. */
export interface TeamFieldEdits {
  accepted: unknown;
  inFlight: { requestId: string; value: unknown }[];
}

/**
 * The active team's optimistic field edits (spec §4), by `${teamId} ${field}`: what a refused edit
 * goes back to. In the store, so Redux DevTools and exported snapshots show the rollback state.
 */
export const teamEditsSlice = createSlice({
  name: 'teamEdits',
  initialState: {} as Record<string, TeamFieldEdits>,
  reducers: {
    teamEditSettled(state, action: PayloadAction<{ key: string; requestId: string; ok: boolean }>) {
      const { key, requestId, ok } = action.payload;
      const edits = state[key];
      const edit = edits?.inFlight.find((other) => other.requestId === requestId);
      if (!edits || !edit) return;
      edits.inFlight = edits.inFlight.filter((other) => other !== edit);
      if (ok) edits.accepted = edit.value;
      if (edits.inFlight.length === 0) delete state[key];
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(teamFieldEditRequested, (state, action) => {
        const { requestId, value, accepted } = action.payload;
        (state[teamEditKey(action.payload)] ??= { accepted, inFlight: [] }).inFlight.push({ requestId, value });
      })
      .addCase(sessionEnded, () => ({})),
});

export const { teamEditSettled } = teamEditsSlice.actions;
