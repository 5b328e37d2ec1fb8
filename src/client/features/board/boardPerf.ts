/**
 * Performance marks the benchmarks read (docs/benchmarks.md): when the board first shows a project's
 * items, and how long a drop takes to reach the screen (the measure ends after the next frame's paint).
 */
export const BOARD_READY_MARK = 'baton:board-ready';
export const DROP_MARK = 'baton:drop';
export const DROP_TO_PAINT_MEASURE = 'baton:drop-to-paint';

const canMeasure = () => typeof performance !== 'undefined' && typeof performance.mark === 'function';

export function markBoardReady() {
  if (!canMeasure()) return;
  requestAnimationFrame(() => performance.mark(BOARD_READY_MARK));
}

export function markDrop() {
  if (!canMeasure()) return;
  const start = performance.mark(DROP_MARK);
  // rAF runs just before the frame is painted; a task queued from it runs just after.
  requestAnimationFrame(() =>
    setTimeout(() => performance.measure(DROP_TO_PAINT_MEASURE, { start: start.startTime, end: performance.now() }), 0),
  );
}
