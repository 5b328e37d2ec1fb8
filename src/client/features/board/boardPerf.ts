/**
 * Performance marks the benchmarks read (docs/benchmarks.md): when the board first shows a project's
 * items (its head), when it holds all of them (the rest merged) — two marks per load — and, only in a
 * page the benchmark opened, how long a drop takes to reach the screen (the measure ends after the
 * next frame's paint).
 */
export const BOARD_READY_MARK = 'baton:board-ready';
export const BOARD_COMPLETE_MARK = 'baton:board-complete';
export const DROP_MARK = 'baton:drop';
export const DROP_TO_PAINT_MEASURE = 'baton:drop-to-paint';
/**
 * The drop → paint measure in three consecutive parts (they add up to it):
 * - the handler: from the drop to the end of the task that handled it, the store update and React's
 *   render and commit of it included (React renders in a microtask of that task);
 * - the wait: from there to the next frame's animation-frame callbacks (the frame's start is aligned to
 *   the display's refresh, so up to one frame interval even with no work; any task run first counts too);
 * - the frame: from there to a task queued from that callback, i.e. the frame's style, layout, paint and
 *   commit (and that task's own queueing).
 */
export const DROP_HANDLER_MEASURE = 'baton:drop-handler';
export const DROP_WAIT_MEASURE = 'baton:drop-wait-for-frame';
export const DROP_FRAME_MEASURE = 'baton:drop-frame';

const canMeasure = () => typeof performance !== 'undefined' && typeof performance.mark === 'function';

/** The benchmarks set this before the page loads (`BENCH_FLAG`); a user's drops measure nothing. */
export const BENCH_FLAG = '__batonBench';
const benchmarking = () => canMeasure() && (globalThis as Record<string, unknown>)[BENCH_FLAG] === true;

export function markBoardReady() {
  if (!canMeasure()) return;
  requestAnimationFrame(() => performance.mark(BOARD_READY_MARK));
}

export function markBoardComplete() {
  if (!canMeasure()) return;
  requestAnimationFrame(() => performance.mark(BOARD_COMPLETE_MARK));
}

/** Enough drops for a benchmark run; past it the entries are cleared, so a long session keeps none piling up. */
const KEPT_DROPS = 500;
const DROP_ENTRIES = [DROP_TO_PAINT_MEASURE, DROP_HANDLER_MEASURE, DROP_WAIT_MEASURE, DROP_FRAME_MEASURE];

export function markDrop() {
  if (!benchmarking()) return;
  if (performance.getEntriesByName(DROP_TO_PAINT_MEASURE).length >= KEPT_DROPS) {
    performance.clearMarks(DROP_MARK);
    DROP_ENTRIES.forEach((name) => performance.clearMeasures(name));
  }
  const start = performance.mark(DROP_MARK).startTime;
  // The store update that follows queues React's render as a microtask (or dnd-kit's state changes
  // already did); a microtask queued from this one runs after it, at the end of the handler's task.
  let handled = Number.NaN;
  queueMicrotask(() => queueMicrotask(() => (handled = performance.now())));
  // rAF runs just before the frame is painted; a task queued from it runs just after.
  requestAnimationFrame(() => {
    const frame = performance.now();
    setTimeout(() => {
      const end = performance.now();
      performance.measure(DROP_TO_PAINT_MEASURE, { start, end });
      performance.measure(DROP_HANDLER_MEASURE, { start, end: handled });
      performance.measure(DROP_WAIT_MEASURE, { start: handled, end: frame });
      performance.measure(DROP_FRAME_MEASURE, { start: frame, end });
    }, 0);
  });
}
