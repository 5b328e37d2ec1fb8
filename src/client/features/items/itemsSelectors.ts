import type { RootState } from '../../app/store';
import { boardItemCount, itemOf } from './itemsSlice';

const EMPTY: readonly string[] = Object.freeze([]);

export const selectItemById = (state: RootState, id: string) => itemOf(state.items, id);
/** Every item, sharded (itemShards.ts): a new object whenever any item changes. */
export const selectItemShards = (state: RootState) => state.items.shards;
/** Every item of the board, those its rest still holds included. */
export const selectItemCount = (state: RootState) => boardItemCount(state.items);

/** One bucket's ids in board order; the same array until that bucket changes. */
export const selectBucketIds = (state: RootState, key: string): readonly string[] =>
  state.items.bucketIds[key] ?? EMPTY;
export const selectBucketIdMap = (state: RootState) => state.items.bucketIds;
export const selectBoardProjectId = (state: RootState) => state.items.projectId;
export const selectBoardStatus = (state: RootState) => state.items.status;
export const selectBoardError = (state: RootState) => state.items.error;
export const selectBoardComplete = (state: RootState) => state.items.complete;
export const selectBoardRestError = (state: RootState) => state.items.restError;
/** How many items of a bucket the board's rest still holds (0 once complete). */
export const selectUnloadedCount = (state: RootState, key: string) => state.items.unloadedCounts[key] ?? 0;
/** Whether an item still waits for its server id (its create is in flight). */
export const selectIsItemPending = (state: RootState, id: string) =>
  id.startsWith('tmp-') && state.items.resolvedTempIds[id] === undefined;
