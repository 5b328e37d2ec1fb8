/**
 * What the user can undo: their own last moves, completions, deletes and bulk actions on the board
 * (and the items the item flows added), newest last.
 * Undo sends the opposite through the same optimistic path (undoListeners.ts). Not persisted.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { PlanBucket } from '../../../shared/timeframes';
import type { BoardItem } from '../items/itemModel';
import { sessionEnded } from '../session/sessionEnded';

/** What puts one item back. `create` undoes an add (the item is deleted again). */
export type ItemUndo =
  | {
      kind: 'move';
      projectId: string;
      itemId: string;
      to: PlanBucket;
      index: number;
      sortKey: number;
      assignedToUserId: string | null;
    }
  | { kind: 'complete'; itemId: string; markComplete: boolean }
  | { kind: 'delete'; projectId: string; item: BoardItem; index: number }
  | { kind: 'create'; projectId: string; itemId: string };

/**
 * A bulk action is undone as one step: its parts in order (lower places first, so each index holds).
 * Adds are only ever undone in bulk (the item flows add several at once).
 */
export type Undoable = Exclude<ItemUndo, { kind: 'create' }> | { kind: 'bulk'; parts: ItemUndo[] };

export interface UndoEntry {
  id: number;
  /** What was done, as the toast says it: "Moved AE-3 to Today." */
  message: string;
  undo: Undoable;
}

/** How many steps back Ctrl/⌘-Z can go. */
export const UNDO_DEPTH = 20;

interface UndoState {
  entries: UndoEntry[];
  /** The last thing undone, for the toast to confirm. */
  undone: { id: number; message: string } | null;
}

const initialState: UndoState = { entries: [], undone: null };
let counter = 0;

/** Undo the newest entry (the toast's button, or Ctrl/⌘-Z). */
export const undoRequested = createAction('undo/requested');

/** Marks an action sent by an undo, so it is not itself recorded as undoable. */
export const UNDO_META = { undo: true } as const;
export const isUndoAction = (action: unknown) => (action as { meta?: { undo?: boolean } }).meta?.undo === true;

export const undoSlice = createSlice({
  name: 'undo',
  initialState,
  reducers: {
    undoRecorded: {
      reducer(state, action: PayloadAction<UndoEntry>) {
        state.entries = [...state.entries, action.payload].slice(-UNDO_DEPTH);
        state.undone = null;
      },
      prepare(entry: Omit<UndoEntry, 'id'>) {
        counter += 1;
        return { payload: { ...entry, id: counter } };
      },
    },
    undoTaken(state, action: PayloadAction<{ id: number; message: string }>) {
      state.entries = state.entries.filter((entry) => entry.id !== action.payload.id);
      state.undone = action.payload;
    },
    undoToastClosed(state) {
      state.undone = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const { undoRecorded, undoTaken, undoToastClosed } = undoSlice.actions;
export const selectLatestUndo = (state: RootState) => state.undo.entries.at(-1) ?? null;
export const selectUndone = (state: RootState) => state.undo.undone;
