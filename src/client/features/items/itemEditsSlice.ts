/**
 * What the item panel needs to edit without losing anyone's work (issue 12): the versions this tab's
 * own writes made, so a queued edit names the version it was really made to, and the edits the server
 * refused because someone else changed the same fields first, kept until the user re-applies or drops them.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ItemFields } from './itemModel';

export interface ItemConflict {
  externalId: string;
  /** The user's refused change, to re-apply. */
  mine: ItemFields;
  /** The same fields as the other person saved them. */
  theirs: ItemFields;
}

export interface ItemEditsState {
  /** Per item: the version before each of this tab's writes → the version that write made. */
  ownVersions: Record<string, Record<number, number>>;
  conflicts: Record<string, ItemConflict>;
}

const initialState: ItemEditsState = { ownVersions: {}, conflicts: {} };

export const itemEditsSlice = createSlice({
  name: 'itemEdits',
  initialState,
  reducers: {
    /** A write of this tab was answered with the item's new version. */
    ownVersionWritten(state, action: PayloadAction<{ id: string; version: number }>) {
      const { id, version } = action.payload;
      (state.ownVersions[id] ??= {})[version - 1] = version;
    },
    itemEditConflicted(state, action: PayloadAction<{ id: string } & ItemConflict>) {
      const { id, ...conflict } = action.payload;
      const earlier = state.conflicts[id];
      // A second refused edit adds its fields to the first one's: nothing the user typed is dropped.
      state.conflicts[id] = earlier
        ? {
            ...conflict,
            mine: { ...earlier.mine, ...conflict.mine },
            theirs: { ...earlier.theirs, ...conflict.theirs },
          }
        : conflict;
    },
    /** The user saved again (keeping theirs or re-applying theirs): the conflict is over. */
    itemConflictResolved(state, action: PayloadAction<string>) {
      delete state.conflicts[action.payload];
    },
  },
});

export const { ownVersionWritten, itemEditConflicted, itemConflictResolved } = itemEditsSlice.actions;

/**
 * The version an edit made to `version` should name: after this tab's own later writes (a save queued
 * behind another save, a completion), the version they made; the edit was made on top of them.
 */
export function versionAfterOwnWrites(state: ItemEditsState, id: string, version: number): number {
  const steps = state.ownVersions[id];
  let current = version;
  for (let next = steps?.[current]; next !== undefined; next = steps?.[current]) current = next;
  return current;
}
