/**
 * Bulk actions on the selected cards while their parts are on their way: each part is an ordinary
 * request (move, completion, delete, restore) sent through the items' queues; its answer is counted
 * here, and once all are in bulkListeners.ts says what happened and records one undo for the lot.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { bulkPartSettled } from '../items/bulkParts';
import { sessionEnded } from '../session/sessionEnded';
import type { ItemUndo } from '../undo/undoSlice';

export type BulkVerb = 'move' | 'complete' | 'reopen' | 'delete' | 'undo';

export interface BulkRun {
  id: number;
  verb: BulkVerb;
  /** The parts sent, by the id each request named. */
  itemIds: string[];
  /** What the toast adds after "Moved 5 items": " to Today". */
  where: string;
  /** What puts each part back, in the order to send them. */
  undo: ItemUndo[];
  succeeded: string[];
  failed: { itemId: string; error: string }[];
}

interface BulkState {
  running: Record<number, BulkRun>;
}

const initialState: BulkState = { running: {} };
let counter = 0;

export const bulkSlice = createSlice({
  name: 'bulk',
  initialState,
  reducers: {
    bulkStarted: {
      reducer(state, action: PayloadAction<Omit<BulkRun, 'succeeded' | 'failed'>>) {
        state.running[action.payload.id] = { ...action.payload, succeeded: [], failed: [] };
      },
      prepare(run: Omit<BulkRun, 'id' | 'succeeded' | 'failed'>) {
        counter += 1;
        return { payload: { ...run, id: counter } };
      },
    },
    bulkFinished(state, action: PayloadAction<number>) {
      delete state.running[action.payload];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      .addCase(bulkPartSettled, (state, action) => {
        const { bulkId, itemId, error } = action.payload;
        const run = state.running[bulkId];
        if (!run) return;
        if (error === null) run.succeeded.push(itemId);
        else run.failed.push({ itemId, error });
      });
  },
});

export const { bulkStarted, bulkFinished } = bulkSlice.actions;

/** Whether every part of a run has been answered. */
export const bulkDone = (run: BulkRun) => run.succeeded.length + run.failed.length >= run.itemIds.length;
