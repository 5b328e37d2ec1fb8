/** When an item counts as completed (spec §4). */

type DateLike = Date | string | null | undefined;

function timeOf(value: DateLike): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(time) ? null : time;
}

/** Completed when completionDate is set and not in the future. */
export function isCompleted(completionDate: DateLike, now: Date = new Date()): boolean {
  const time = timeOf(completionDate);
  return time !== null && time <= now.getTime();
}

/**
 * The completionDate after toggling: now when marking complete (an item already completed keeps its
 * date), null when marking incomplete.
 */
export function completionDateAfterToggle(
  markComplete: boolean,
  current: DateLike,
  now: Date = new Date(),
): string | null {
  if (!markComplete) return null;
  if (isCompleted(current, now)) return new Date(timeOf(current)!).toISOString();
  return now.toISOString();
}
