/**
 * The cards selected on the board for a bulk action: ids only, in the order they were picked. One
 * action sets it (selection/set, readable in DevTools); what each key and click does to it is worked out
 * in selectionCommands.ts, loaded on the first selection, which also drops ids that leave the board.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { sessionEnded } from '../session/sessionEnded';

export interface SelectionState {
  ids: string[];
  /** Where a Shift-click range starts: the card picked last. */
  anchorId: string | null;
}

const initialState: SelectionState = { ids: [], anchorId: null };

export const selectionSlice = createSlice({
  name: 'selection',
  initialState,
  reducers: {
    selectionSet: (_state, action: PayloadAction<SelectionState>) => action.payload,
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const { selectionSet } = selectionSlice.actions;
export const selectionCleared = () => selectionSet(initialState);

export const selectSelectionCount = (state: RootState) => state.selection.ids.length;
export const selectIsSelected = (state: RootState, id: string) => state.selection.ids.includes(id);
