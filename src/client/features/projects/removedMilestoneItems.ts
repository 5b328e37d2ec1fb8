import type { BoardItem } from '../items/itemModel';
import { Span } from '../../../shared/enums';
import type { Milestone } from '../../../shared/contract/userAndTeam';

/**
 * The milestones a draft drops that hold items on the shown board, with how many: saving moves those
 * items to Unscheduled (the server does it), so the settings dialog says so before the user saves.
 */
export function removedMilestoneItems(
  items: readonly BoardItem[],
  before: readonly Milestone[],
  kept: readonly { index: number }[],
): { name: string; count: number }[] {
  const keptIndexes = new Set(kept.map((milestone) => milestone.index));
  const removed = before.filter((milestone) => !keptIndexes.has(milestone.index));
  if (removed.length === 0) return [];
  const counts = new Map<number, number>();
  for (const item of items) {
    const timeframe = item.plan.assignedTimeframe;
    if (timeframe?.span === Span.Milestone) counts.set(timeframe.index, (counts.get(timeframe.index) ?? 0) + 1);
  }
  return removed
    .map((milestone) => ({ name: milestone.name, count: counts.get(milestone.index) ?? 0 }))
    .filter((entry) => entry.count > 0);
}
