import { createAction, createSlice } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { sessionEnded } from '../session/sessionEnded';

export type PlanningField = 'goToMarketPlan' | 'globalTeamData';
export type PlanningValue = Record<string, unknown>;

/** An Admin's planning-data edit that someone else's change to the same field refused: both values, to choose. */
export interface PlanningConflict {
  mine: PlanningValue;
  theirs: PlanningValue;
}

/** `${teamId} ${field}`: where a field's conflict is kept. */
export const planningConflictKey = (teamId: string, field: PlanningField) => `${teamId} ${field}`;

export const planningEditConflicted = createAction<{ teamId: string; field: PlanningField } & PlanningConflict>(
  'team/planningEditConflicted',
);
export const planningConflictResolved = createAction<{ teamId: string; field: PlanningField }>(
  'team/planningConflictResolved',
);

/**
 * Refused planning-data edits (go-to-market plan, global team data) the Admin has not yet chosen
 * between: in the store, so the choice survives leaving the page and coming back.
 */
export const planningConflictsSlice = createSlice({
  name: 'planningConflicts',
  initialState: {} as Record<string, PlanningConflict>,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(planningEditConflicted, (state, { payload }) => {
        state[planningConflictKey(payload.teamId, payload.field)] = { mine: payload.mine, theirs: payload.theirs };
      })
      .addCase(planningConflictResolved, (state, { payload }) => {
        delete state[planningConflictKey(payload.teamId, payload.field)];
      })
      .addCase(sessionEnded, () => ({})),
});

export const selectPlanningConflict = (state: RootState, teamId: string, field: PlanningField) =>
  state.planningConflicts[planningConflictKey(teamId, field)] ?? null;
