import { createContext } from 'react';
import type { BoardItem } from '../items/itemModel';

/** The per-item part of the board's filters (kind, hand-off status and search); null when nothing is filtered. */
export type ItemFilter = ((item: BoardItem) => boolean) | null;

export const ItemFilterContext = createContext<ItemFilter>(null);

export function itemFilter(
  kind: number | null,
  handoff: number | null,
  searchIds: ReadonlySet<string> | null,
): ItemFilter {
  if (kind === null && handoff === null && searchIds === null) return null;
  return (item) =>
    (kind === null || item.itemType === kind) &&
    (handoff === null || item.workflowStatus === handoff) &&
    (searchIds === null || searchIds.has(item.id));
}
