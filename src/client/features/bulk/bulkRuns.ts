/**
 * Bulk actions while their parts are on their way. Each part is an ordinary request (move, completion,
 * delete, restore) sent through the items' queues with `meta.bulk`; its answer comes back as
 * items/bulkPartSettled. Once all are in, one undo step is recorded for the parts that were saved (the
 * toast says it, so the live region speaks only what the server accepted) and one notice tells how many
 * failed and why. Loaded with the bulk bar or the first bulk undo, so the board's first JavaScript
 * carries none of it; bulk/started shows each run in DevTools.
 */
import { addListener, createAction } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import { bulkPartSettled } from '../items/bulkParts';
import { noticeShown } from '../board/boardSlice';
import { undoRecorded, type ItemUndo } from '../undo/undoSlice';
import { itemCount } from './itemCount';

export type BulkVerb = 'move' | 'complete' | 'reopen' | 'delete' | 'undo';

interface BulkRun {
  verb: BulkVerb;
  /** The parts sent, by the id each request names. */
  itemIds: string[];
  /** What the toast adds after "Moved 5 items": " to Today". */
  where: string;
  /** What puts each part back, in the order to send them. */
  undo: ItemUndo[];
  succeeded: string[];
  failed: string[];
}

export const bulkStarted = createAction<{ id: number } & Pick<BulkRun, 'verb' | 'itemIds' | 'where'>>('bulk/started');

const runs = new Map<number, BulkRun>();
let counter = 0;

const done: Record<Exclude<BulkVerb, 'undo'>, string> = {
  move: 'Moved',
  complete: 'Completed',
  reopen: 'Reopened',
  delete: 'Deleted',
};

const partId = (part: ItemUndo) => (part.kind === 'delete' ? part.item.id : part.itemId);

/** "Couldn’t move 2 of 5 items: <why>." — each distinct reason once. */
function failureMessage(run: BulkRun): string {
  const reasons = [...new Set(run.failed.map((reason) => reason.replace(/\.$/, '')))];
  const total = run.itemIds.length;
  const of = run.failed.length === total ? itemCount(total) : `${run.failed.length} of ${itemCount(total)}`;
  return `Couldn’t ${run.verb} ${of}: ${reasons.join('; ')}.`;
}

type PartSettled = ReturnType<typeof bulkPartSettled>;

function partSettled(action: PartSettled, listenerApi: { dispatch: AppDispatch }) {
  const { bulkId, itemId, error } = action.payload;
  const run = runs.get(bulkId);
  if (!run) return;
  if (error === null) run.succeeded.push(itemId);
  else run.failed.push(error);
  if (run.succeeded.length + run.failed.length < run.itemIds.length) return;
  runs.delete(bulkId);
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
}

const addAppListener = addListener.withTypes<RootState, AppDispatch>();

/** Starts a bulk run and answers the meta its parts carry. */
export function startBulk(
  dispatch: AppDispatch,
  run: Pick<BulkRun, 'verb' | 'itemIds' | 'undo'> & { where?: string },
): { bulk: number } {
  // The same listener added again is kept once.
  dispatch(addAppListener({ actionCreator: bulkPartSettled, effect: partSettled }));
  counter += 1;
  const where = run.where ?? '';
  runs.set(counter, { ...run, where, succeeded: [], failed: [] });
  dispatch(bulkStarted({ id: counter, verb: run.verb, itemIds: run.itemIds, where }));
  return { bulk: counter };
}
