/**
 * Bulk actions on the selected cards. Each sends one ordinary request per item (the move, completion
 * or delete a single card sends, through the same queues and optimistic updates), marked as a part of
 * one bulk run; bulkRuns.ts tells the outcome once and records one undo step.
 */
import type { AppDispatch, RootState } from '../../app/store';
import { isCompleted } from '../../../shared/completion';
import { bucketKey, compareBuckets, placementForMove, sameBucket, type PlanBucket } from '../../../shared/timeframes';
import { noticeShown } from '../board/boardSlice';
import { BUCKET_LOADING_MESSAGE } from '../items/itemCommands';
import { bucketOf, type BoardItem } from '../items/itemModel';
import { bucketLoaded, completionToggled, itemDeleteRequested, itemMoveRequested, itemOf } from '../items/itemsSlice';
import type { ItemUndo } from '../undo/undoSlice';
import { startBulk, type BulkVerb } from './bulkRuns';

type Thunk<T> = (dispatch: AppDispatch, getState: () => RootState) => T;

interface Picked {
  item: BoardItem;
  index: number;
}

/** The selected items on the board in board order (bucket, then place), so undo restores lower places first. */
function pickedInBoardOrder(state: RootState): Picked[] {
  const picked: Picked[] = [];
  for (const id of state.selection.ids) {
    const item = itemOf(state.items, id);
    if (!item) continue;
    picked.push({ item, index: (state.items.bucketIds[bucketKey(bucketOf(item))] ?? []).indexOf(id) });
  }
  return picked.sort((a, b) => compareBuckets(bucketOf(a.item), bucketOf(b.item)) || a.index - b.index);
}

const start = (dispatch: AppDispatch, verb: BulkVerb, itemIds: string[], undo: ItemUndo[], where = '') =>
  startBulk(dispatch, { verb, itemIds, undo, where });

/**
 * "Move to…" for the selection: each item not already there goes to the start of an earlier bucket or
 * the end of a later one (spec §4), keeping the selection's board order. Answers how many were sent.
 */
export function moveSelection(to: PlanBucket, toName: string): Thunk<number> {
  return (dispatch, getState) => {
    const state = getState();
    const projectId = state.items.projectId;
    const picked = pickedInBoardOrder(state).filter(({ item }) => !sameBucket(bucketOf(item), to));
    if (!projectId || picked.length === 0) return 0;
    if (!bucketLoaded(state.items, bucketKey(to))) {
      dispatch(noticeShown('info', BUCKET_LOADING_MESSAGE));
      return 0;
    }
    const undo: ItemUndo[] = picked.map(({ item, index }) => ({
      kind: 'move',
      projectId,
      itemId: item.id,
      to: bucketOf(item),
      index,
      sortKey: item.plan.sortKey,
      assignedToUserId: item.plan.assignedToUserId,
    }));
    const meta = start(
      dispatch,
      'move',
      picked.map(({ item }) => item.id),
      undo,
      ` to ${toName}`,
    );
    let atStart = 0;
    for (const { item } of picked) {
      const index =
        placementForMove(bucketOf(item), to) === 'start'
          ? atStart++
          : (getState().items.bucketIds[bucketKey(to)]?.length ?? 0);
      dispatch({ ...itemMoveRequested({ projectId, id: item.id, to, index }), meta });
    }
    return picked.length;
  };
}

/** Completes (or reopens) every selected item that is not already so. Answers how many were sent. */
export function completeSelection(markComplete: boolean): Thunk<number> {
  return (dispatch, getState) => {
    const picked = pickedInBoardOrder(getState()).filter(
      ({ item }) => isCompleted(item.completionDate) !== markComplete,
    );
    if (picked.length === 0) return 0;
    const undo: ItemUndo[] = picked.map(({ item }) => ({
      kind: 'complete',
      itemId: item.id,
      markComplete: !markComplete,
    }));
    const ids = picked.map(({ item }) => item.id);
    const meta = start(dispatch, markComplete ? 'complete' : 'reopen', ids, undo);
    for (const id of ids) dispatch({ ...completionToggled(id, markComplete), meta });
    return ids.length;
  };
}

/** Deletes every selected item; undo restores each to its place. Answers how many were sent. */
export function deleteSelection(): Thunk<number> {
  return (dispatch, getState) => {
    const state = getState();
    const projectId = state.items.projectId;
    const picked = pickedInBoardOrder(state);
    if (!projectId || picked.length === 0) return 0;
    // An item whose create is still on its way has nothing on the server to restore.
    const undo: ItemUndo[] = picked
      .filter(({ item }) => item.externalId)
      .map(({ item, index }) => ({ kind: 'delete', projectId, item, index }));
    const ids = picked.map(({ item }) => item.id);
    const meta = start(dispatch, 'delete', ids, undo);
    for (const id of ids) dispatch({ ...itemDeleteRequested(id, projectId), meta });
    return ids.length;
  };
}
