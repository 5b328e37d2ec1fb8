import type { AppDispatch, RootState } from '../../app/store';
import { noticeShown } from '../board/boardSlice';
import { currentId, itemDeleteRequested, itemOf } from '../items/itemsSlice';
import { reverseOne } from '../undo/undoListeners';
import { UNDO_META, undoTaken, type ItemUndo, type UndoEntry } from '../undo/undoSlice';
import { startBulk } from './bulkRuns';

/** An added item is undone by deleting it again; anything else as a single step is. */
function reverse(state: RootState, part: ItemUndo) {
  if (part.kind !== 'create') return reverseOne(state, part);
  const id = currentId(state.items, part.itemId);
  if (!itemOf(state.items, id)) return 'That item is no longer on this board.';
  return { ...itemDeleteRequested(id, part.projectId), meta: UNDO_META };
}

type Reversal = Exclude<ReturnType<typeof reverse>, string>;

/** The id a reversing request reports its answer under (itemsListeners' settle). */
const partOf = (action: Reversal) => ('item' in action.payload ? action.payload.item.id : action.payload.id);

/**
 * Undoes a bulk action as one: every part that still can be is sent back through the ordinary
 * requests, as one bulk run (so its failures are told once); a part whose item is gone is skipped.
 */
export function undoBulk(
  entry: UndoEntry & { undo: { kind: 'bulk'; parts: ItemUndo[] } },
  state: RootState,
  dispatch: AppDispatch,
) {
  const reversals = entry.undo.parts.map((part) => reverse(state, part));
  const actions = reversals.filter((action): action is Reversal => typeof action !== 'string');
  if (actions.length === 0) {
    dispatch(noticeShown('info', `Couldn’t undo: ${String(reversals[0] ?? 'Nothing to undo.')}`));
    return;
  }
  dispatch(undoTaken({ id: entry.id, message: entry.message }));
  const meta = startBulk(dispatch, { verb: 'undo', itemIds: actions.map(partOf), undo: [] });
  for (const action of actions) dispatch({ ...action, meta: { ...action.meta, ...meta } });
}
