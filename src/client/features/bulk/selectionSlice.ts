/**
 * The cards selected on the board for a bulk action (Ctrl/⌘-click, Shift-click, S): ids only, in the
 * order they were picked. Ids that leave the board are dropped (selectionListeners.ts). Not persisted.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { itemCreateConfirmed, itemDeleteRequested } from '../items/itemsSlice';
import { sessionEnded } from '../session/sessionEnded';

export interface SelectionState {
  ids: string[];
  /** Where a Shift-click range starts: the card picked last. */
  anchorId: string | null;
}

const initialState: SelectionState = { ids: [], anchorId: null };

const without = (ids: string[], gone: string) => ids.filter((id) => id !== gone);

export const selectionSlice = createSlice({
  name: 'selection',
  initialState,
  reducers: {
    selectionToggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      state.ids = state.ids.includes(id) ? without(state.ids, id) : [...state.ids, id];
      state.anchorId = id;
    },
    /** Adds cards (a Shift range, Shift+arrow); `anchorId` is where the next range starts. */
    selectionExtended(state, action: PayloadAction<{ ids: string[]; anchorId: string }>) {
      state.ids = [...state.ids, ...action.payload.ids.filter((id) => !state.ids.includes(id))];
      state.anchorId = action.payload.anchorId;
    },
    selectionCleared() {
      return initialState;
    },
    /** Keeps only these ids (the rest left the board). */
    selectionPruned(state, action: PayloadAction<string[]>) {
      const kept = new Set(action.payload);
      state.ids = state.ids.filter((id) => kept.has(id));
      if (state.anchorId !== null && !kept.has(state.anchorId)) state.anchorId = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      .addCase(itemDeleteRequested, (state, action) => {
        state.ids = without(state.ids, action.payload.id);
      })
      // A card selected while its create was on its way stays selected under its server id.
      .addCase(itemCreateConfirmed, (state, action) => {
        const { tempId, id } = action.payload;
        state.ids = state.ids.map((other) => (other === tempId ? id : other));
        if (state.anchorId === tempId) state.anchorId = id;
      });
  },
});

export const { selectionToggled, selectionExtended, selectionCleared, selectionPruned } = selectionSlice.actions;

export const selectSelectedIds = (state: RootState) => state.selection.ids;
export const selectSelectionCount = (state: RootState) => state.selection.ids.length;
export const selectIsSelected = (state: RootState, id: string) => state.selection.ids.includes(id);
export const selectSelectionAnchor = (state: RootState) => state.selection.anchorId;
