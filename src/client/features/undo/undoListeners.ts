/**
 * Records the user's moves, completions and deletes as they are requested, with what puts each back
 * (the place: bucket, position and sort key; the completion; the whole card), and undoes the newest on
 * request through the same optimistic requests, so the server and every open board follow as for any
 * edit. Actions an undo sends carry UNDO_META and are not recorded again; parts of a bulk action are
 * recorded as one step once answered (bulk/bulkRuns.ts), and undone as one bulk action.
 */
import type { AppStartListening } from '../../app/listeners';
import type { RootState } from '../../app/store';
import { bucketKey, sameBucket } from '../../../shared/timeframes';
import { displayTitle } from '../../../shared/displayTitle';
import { bucketName } from '../board/boardColumns';
import { noticeShown } from '../board/boardSlice';
import { selectActiveProject } from '../projects/projectsSelectors';
import { bucketOf, type BoardItem } from '../items/itemModel';
import {
  completionToggled,
  currentId,
  itemDeleteRequested,
  itemMoveRequested,
  itemOf,
  itemRestoreRequested,
} from '../items/itemsSlice';
import { isUndoAction, UNDO_META, undoRecorded, undoRequested, undoTaken, type ItemUndo } from './undoSlice';
import { bulkIdOf } from '../items/bulkParts';

/** Neither an undo's own request nor a part of a bulk action is recorded on its own. */
const recorded = (action: unknown) => !isUndoAction(action) && bulkIdOf(action) === undefined;

const nameOf = (item: BoardItem) => item.externalId || `“${displayTitle(item.description)}”`;

function indexIn(state: RootState, item: BoardItem): number {
  return (state.items.bucketIds[bucketKey(bucketOf(item))] ?? []).indexOf(item.id);
}

/** The action that puts one item back, or why it cannot be now. */
export function reverseOne(state: RootState, undo: Exclude<ItemUndo, { kind: 'create' }>) {
  if (undo.kind === 'delete') {
    if (state.items.projectId !== undo.projectId) return 'Open its project again to undo that.';
    return {
      ...itemRestoreRequested({ projectId: undo.projectId, item: undo.item, index: undo.index }),
      meta: UNDO_META,
    };
  }
  const id = currentId(state.items, undo.itemId);
  if (!itemOf(state.items, id)) return 'That item is no longer on this board.';
  if (undo.kind === 'complete') return { ...completionToggled(id, undo.markComplete), meta: UNDO_META };
  if (state.items.projectId !== undo.projectId) return 'Open its project again to undo that.';
  const request = { projectId: undo.projectId, id, to: undo.to, index: undo.index, sortKey: undo.sortKey };
  return { ...itemMoveRequested({ ...request, assignedToUserId: undo.assignedToUserId }), meta: UNDO_META };
}

export function registerUndoListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: itemMoveRequested,
    effect: (action, listenerApi) => {
      if (!recorded(action)) return;
      const before = listenerApi.getOriginalState();
      const item = itemOf(before.items, currentId(before.items, action.payload.id));
      if (!item) return;
      const from = bucketOf(item);
      const index = indexIn(before, item);
      const { to, assignedToUserId } = action.payload;
      const assigneeChanged = assignedToUserId !== undefined && assignedToUserId !== item.plan.assignedToUserId;
      if (sameBucket(from, to) && action.payload.index === index && !assigneeChanged) return;
      const milestones = selectActiveProject(before)?.milestones ?? [];
      const where = sameBucket(from, to) ? '' : ` to ${bucketName(to, milestones)}`;
      listenerApi.dispatch(
        undoRecorded({
          message: `Moved ${nameOf(item)}${where}.`,
          undo: {
            kind: 'move',
            projectId: action.payload.projectId,
            itemId: item.id,
            to: from,
            index,
            sortKey: item.plan.sortKey,
            assignedToUserId: item.plan.assignedToUserId,
          },
        }),
      );
    },
  });

  startListening({
    actionCreator: completionToggled,
    effect: (action, listenerApi) => {
      if (!recorded(action)) return;
      const before = listenerApi.getOriginalState();
      const item = itemOf(before.items, currentId(before.items, action.payload.id));
      if (!item) return;
      const { markComplete } = action.payload;
      listenerApi.dispatch(
        undoRecorded({
          message: `${markComplete ? 'Completed' : 'Reopened'} ${nameOf(item)}.`,
          undo: { kind: 'complete', itemId: item.id, markComplete: !markComplete },
        }),
      );
    },
  });

  startListening({
    actionCreator: itemDeleteRequested,
    effect: (action, listenerApi) => {
      if (!recorded(action)) return;
      const before = listenerApi.getOriginalState();
      const item = itemOf(before.items, currentId(before.items, action.payload.id));
      // An item whose create is still on its way has nothing on the server to restore yet.
      if (!item || !item.externalId) return;
      listenerApi.dispatch(
        undoRecorded({
          message: `Deleted ${nameOf(item)}.`,
          undo: { kind: 'delete', projectId: action.payload.projectId, item, index: indexIn(before, item) },
        }),
      );
    },
  });

  startListening({
    actionCreator: undoRequested,
    effect: (_action, listenerApi) => {
      const state = listenerApi.getState();
      const entry = state.undo.entries.at(-1);
      if (!entry) {
        listenerApi.dispatch(noticeShown('info', 'Nothing to undo.'));
        return;
      }
      const { undo } = entry;
      if (undo.kind === 'bulk') {
        // Its bookkeeping is loaded on demand (it is already, once the bulk bar has shown).
        void import(/* webpackChunkName: "bulk" */ '../bulk/undoBulk').then((module) =>
          module.undoBulk({ ...entry, undo }, listenerApi.getState(), listenerApi.dispatch),
        );
        return;
      }
      const action = reverseOne(state, undo);
      if (typeof action === 'string') {
        listenerApi.dispatch(noticeShown('info', `Couldn’t undo: ${action}`));
        return;
      }
      listenerApi.dispatch(undoTaken({ id: entry.id, message: entry.message }));
      listenerApi.dispatch(action);
    },
  });
}
