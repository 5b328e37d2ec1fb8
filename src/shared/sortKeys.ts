/**
 * Order inside a plan bucket (spec §4, §9): numeric sort keys. A placed item gets the midpoint of its
 * neighbours rounded to 4 decimals, with -50000 and 50000 standing in for a missing neighbour. When
 * the neighbours are closer than 0.1 there is no room left, and the whole bucket is reassigned evenly.
 */

export const SORT_KEY_MIN = -50000;
export const SORT_KEY_MAX = 50000;
/** Neighbours closer than this leave no room: the bucket is reassigned (spec §9: 2 × 0.05). */
export const MIN_SORT_KEY_GAP = 0.1;
export const SORT_KEY_DECIMALS = 4;

const SCALE = 10 ** SORT_KEY_DECIMALS;
/**
 * Keys are 4-decimal numbers held in doubles, so a gap of exactly 0.1 can come out a hair under it
 * (-49999.9 - -50000 = 0.09999999999854481). Gaps are compared with this much slack.
 */
const EPSILON = 1e-7;
/** The same slack, for the server's SQL that applies the midpoint rule (repositories/moves.ts). */
export const SORT_KEY_GAP_SLACK = EPSILON;

/** Rounds to the sort-key precision (4 decimals); never answers -0. */
export function roundSortKey(value: number): number {
  return Math.round(value * SCALE) / SCALE || 0;
}

/**
 * The key for one item placed between two neighbours (null = no neighbour on that side), or null when
 * the gap is under 0.1 and the bucket must be reassigned.
 */
export function sortKeyBetween(left: number | null, right: number | null): number | null {
  const low = left ?? SORT_KEY_MIN;
  const high = right ?? SORT_KEY_MAX;
  if (!(high - low >= MIN_SORT_KEY_GAP - EPSILON)) return null;
  return roundSortKey((low + high) / 2);
}

/**
 * Keys for `count` items placed one after another between two neighbours: evenly spaced, each step at
 * least half the minimum gap (so one item gets exactly the midpoint rule). Null when they do not fit.
 */
export function sortKeysBetween(left: number | null, right: number | null, count: number): number[] | null {
  if (count <= 0) return [];
  if (count === 1) {
    const key = sortKeyBetween(left, right);
    return key === null ? null : [key];
  }
  const low = left ?? SORT_KEY_MIN;
  const high = right ?? SORT_KEY_MAX;
  const step = (high - low) / (count + 1);
  if (!(step >= MIN_SORT_KEY_GAP / 2 - EPSILON)) return null;
  return Array.from({ length: count }, (_, i) => roundSortKey(low + step * (i + 1)));
}

/** Whether two neighbouring keys leave room for an item between them. */
export function needsRebalance(left: number | null, right: number | null): boolean {
  return sortKeyBetween(left, right) === null;
}

/**
 * The key of the `position`-th (1-based) of `count` items when a bucket is reassigned: evenly spaced
 * inside the bounds, in whole 1/10000 steps rounded half up. Integer arithmetic, so the server's SQL
 * (`rebalanceBucket`) and this function give identical numbers.
 */
export function rebalancedSortKey(position: number, count: number): number {
  const span = BigInt((SORT_KEY_MAX - SORT_KEY_MIN) * SCALE);
  const slots = BigInt(count + 1);
  const units = (BigInt(position) * span * 2n + slots) / (2n * slots);
  return (Number(units) + SORT_KEY_MIN * SCALE) / SCALE;
}

/** Every key of a reassigned bucket of `count` items, in order. */
export function rebalancedSortKeys(count: number): number[] {
  return Array.from({ length: count }, (_, i) => rebalancedSortKey(i + 1, count));
}

/** Board order inside a bucket: by key, then by id so equal keys still sort the same everywhere. */
export function compareSortKeys(a: { sortKey: number; id: string }, b: { sortKey: number; id: string }): number {
  return a.sortKey - b.sortKey || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
