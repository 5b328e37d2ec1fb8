/** What the board shows and how: filters, search, the open item and the last notice. Not persisted. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Timeframe } from '../../../shared/timeframes';
import type { Scope } from '../../../shared/enums';
import type { ItemKind } from '../items/itemModel';
import { sessionEnded } from '../session/sessionEnded';

export interface BoardFilters {
  kind: ItemKind | null;
  scope: Scope | null;
  /** undefined: every timeframe; null: unscheduled only; a timeframe: what it contains. */
  timeframe: Timeframe | null | undefined;
  /** An item's hand-off status (workflowStatus, design §5), or null for any. */
  handoff: number | null;
}

export interface BoardNotice {
  id: number;
  tone: 'error' | 'info';
  message: string;
}

export interface BoardState {
  filters: BoardFilters;
  searchText: string;
  /** The item whose panel is open. */
  openItemId: string | null;
  notice: BoardNotice | null;
}

const initialState: BoardState = {
  filters: { kind: null, scope: null, timeframe: undefined, handoff: null },
  searchText: '',
  openItemId: null,
  notice: null,
};

let noticeCounter = 0;

export const boardSlice = createSlice({
  name: 'board',
  initialState,
  reducers: {
    filtersChanged(state, action: PayloadAction<Partial<BoardFilters>>) {
      Object.assign(state.filters, action.payload);
    },
    /** The filters and search a link names (the board's URL), replacing what was set. */
    boardQueryOpened(state, action: PayloadAction<{ filters: BoardFilters; searchText: string }>) {
      state.filters = action.payload.filters;
      state.searchText = action.payload.searchText;
    },
    filtersCleared(state) {
      state.filters = initialState.filters;
      state.searchText = '';
    },
    searchTextChanged(state, action: PayloadAction<string>) {
      state.searchText = action.payload;
    },
    itemPanelOpened(state, action: PayloadAction<string>) {
      state.openItemId = action.payload;
    },
    itemPanelClosed(state) {
      state.openItemId = null;
    },
    noticeShown: {
      reducer(state, action: PayloadAction<BoardNotice>) {
        state.notice = action.payload;
      },
      prepare: (tone: BoardNotice['tone'], message: string) => {
        noticeCounter += 1;
        return { payload: { id: noticeCounter, tone, message } };
      },
    },
    noticeDismissed(state, action: PayloadAction<number>) {
      if (state.notice?.id === action.payload) state.notice = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
  selectors: {
    selectBoardFilters: (state) => state.filters,
    selectSearchText: (state) => state.searchText,
    selectOpenItemId: (state) => state.openItemId,
    selectBoardNotice: (state) => state.notice,
  },
});

export const {
  filtersChanged,
  boardQueryOpened,
  filtersCleared,
  searchTextChanged,
  itemPanelOpened,
  itemPanelClosed,
  noticeShown,
  noticeDismissed,
} = boardSlice.actions;
export const { selectBoardFilters, selectSearchText, selectOpenItemId, selectBoardNotice } = boardSlice.selectors;
