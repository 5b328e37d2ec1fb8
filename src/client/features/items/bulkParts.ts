/**
 * A request sent as one part of a bulk action (features/bulk) carries the bulk's id in its meta. Its
 * listener then reports the outcome with bulkPartSettled instead of showing its own notice, so the
 * bulk action can say once how many failed and why.
 */
import { createAction } from '@reduxjs/toolkit';

export interface PartMeta {
  /** The bulk action this request is part of. */
  bulk?: number;
  /** Sent by an undo: not recorded as undoable again (features/undo). */
  undo?: true;
}

export const bulkIdOf = (action: unknown): number | undefined => (action as { meta?: PartMeta }).meta?.bulk;

/** One part of a bulk action was answered: error is why it failed (it was rolled back), or null. */
export const bulkPartSettled = createAction<{ bulkId: number; itemId: string; error: string | null }>(
  'items/bulkPartSettled',
);

/** Why a part was not sent at all. */
export const NOT_ON_BOARD = 'It is no longer on this board.';
