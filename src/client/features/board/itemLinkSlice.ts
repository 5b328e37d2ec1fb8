/** An item link (`/items/KEY`) the board is looking for, or why it cannot open it. Not persisted. */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../session/sessionEnded';
import type { RootState } from '../../app/store';

export type ItemLinkProblem =
  | { key: string; reason: 'deleted' }
  | { key: string; reason: 'otherTeam'; teamId: string; teamName: string }
  | { key: string; reason: 'unknown' }
  | { key: string; reason: 'failed'; message: string };

interface ItemLinkState {
  /** The key being looked for on the server (deeper in a bucket, another project, or not here). */
  locating: string | null;
  problem: ItemLinkProblem | null;
}

const initialState: ItemLinkState = { locating: null, problem: null };

/** The board did not have the linked item: find it wherever it is (itemLinkListeners.ts). */
export const itemLinkOpened = createAction<string>('itemLink/opened');

export const itemLinkSlice = createSlice({
  name: 'itemLink',
  initialState,
  reducers: {
    itemLinkSettled(state, action: PayloadAction<ItemLinkProblem | null>) {
      state.locating = null;
      state.problem = action.payload;
    },
    itemLinkDismissed() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(itemLinkOpened, (state, action) => {
        state.locating = action.payload;
        state.problem = null;
      })
      .addCase(sessionEnded, () => initialState);
  },
});

export const { itemLinkSettled, itemLinkDismissed } = itemLinkSlice.actions;
export const selectItemLinkProblem = (state: RootState) => state.itemLink.problem;
export const selectLocatingItemKey = (state: RootState) => state.itemLink.locating;
