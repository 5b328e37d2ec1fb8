import type { AppStartListening } from '../../app/listeners';
import { bulkPartSettled } from '../items/bulkParts';
import { noticeShown } from '../board/boardSlice';
import { undoRecorded, type ItemUndo } from '../undo/undoSlice';
import { bulkDone, bulkFinished, type BulkRun, type BulkVerb } from './bulkSlice';

export const itemCount = (count: number) => `${count} item${count === 1 ? '' : 's'}`;

const done: Record<Exclude<BulkVerb, 'undo'>, string> = {
  move: 'Moved',
  complete: 'Completed',
  reopen: 'Reopened',
  delete: 'Deleted',
};

const partId = (part: ItemUndo) => (part.kind === 'delete' ? part.item.id : part.itemId);

/** "Couldn’t move 2 of 5 items: <why>." — each distinct reason once. */
function failureMessage(run: BulkRun): string {
  const reasons = [...new Set(run.failed.map((failure) => failure.error.replace(/\.$/, '')))];
  const of =
    run.failed.length === run.itemIds.length
      ? itemCount(run.failed.length)
      : `${run.failed.length} of ${itemCount(run.itemIds.length)}`;
  return `Couldn’t ${run.verb} ${of}: ${reasons.join('; ')}.`;
}

/**
 * Once every part of a bulk action is answered: one undo step for the parts that were saved (the toast
 * says it, so the live region speaks only what the server accepted), and one notice for those that
 * failed and were rolled back.
 */
export function registerBulkListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: bulkPartSettled,
    effect: (action, listenerApi) => {
      const run = listenerApi.getState().bulk.running[action.payload.bulkId];
      if (!run || !bulkDone(run)) return;
      listenerApi.dispatch(bulkFinished(run.id));
      if (run.verb !== 'undo' && run.succeeded.length > 0) {
        const saved = new Set(run.succeeded);
        listenerApi.dispatch(
          undoRecorded({
            message: `${done[run.verb]} ${itemCount(run.succeeded.length)}${run.where}.`,
            undo: { kind: 'bulk', parts: run.undo.filter((part) => saved.has(partId(part))) },
          }),
        );
      }
      if (run.failed.length > 0) listenerApi.dispatch(noticeShown('error', failureMessage(run)));
    },
  });
}
