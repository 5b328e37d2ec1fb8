/** Where a dragged card lands, worked out from what it was dropped on (pure, so it is tested alone). */
import { parseBucketKey, placementForMove, sameBucket, type PlanBucket } from '../../../shared/timeframes';

export type DropOver =
  | {
      type: 'item';
      id: string;
      bucketKey: string;
      /** The card was let go below the middle of this one. */ below: boolean;
    }
  | { type: 'bucket'; bucketKey: string };

export interface DropPlace {
  to: PlanBucket;
  /** Index in the target bucket's list without the moved item. */
  index: number;
}

/**
 * - On a card of its own bucket: takes that card's place (the list shifts, as while dragging).
 * - On a card of another bucket: goes before it, or after it when let go below its middle.
 * - On another bucket itself (its header or empty space): the start of an earlier bucket or the end of
 *   a later one (spec §4). On its own bucket: stays where it is.
 */
export function dropPlace(
  bucketIds: Readonly<Record<string, readonly string[]>>,
  activeId: string,
  fromKey: string,
  over: DropOver,
): DropPlace | null {
  const from = parseBucketKey(fromKey);
  const to = parseBucketKey(over.bucketKey);
  if (!from || !to) return null;
  const target = (bucketIds[over.bucketKey] ?? []).filter((id) => id !== activeId);
  if (over.type === 'bucket') {
    if (sameBucket(from, to)) return null;
    return { to, index: placementForMove(from, to) === 'start' ? 0 : target.length };
  }
  if (over.id === activeId) return null;
  if (sameBucket(from, to)) {
    const full = bucketIds[over.bucketKey] ?? [];
    const overIndex = full.indexOf(over.id);
    const activeIndex = full.indexOf(activeId);
    if (overIndex < 0 || activeIndex < 0 || overIndex === activeIndex) return null;
    // arrayMove semantics: the card ends up exactly where the card it was dropped on was.
    return { to, index: overIndex };
  }
  const at = target.indexOf(over.id);
  if (at < 0) return { to, index: target.length };
  return { to, index: over.below ? at + 1 : at };
}
