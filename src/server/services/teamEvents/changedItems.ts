import type { Db } from '../../db/types';
import type { TeamEventRow } from '../../db/schema';
import { changedItemsJson } from '../../repositories/itemsJson';
import { MAX_CHANGED_ITEMS_CARRIED, type ChangedItem, type TeamEvent } from '../../../shared/contract/events';

/** Past this many distinct items in one delivery, the items are not read: the boards read themselves. */
const MAX_ITEMS_READ_PER_DELIVERY = 500;

const carriesItems = (change: TeamEvent): change is Extract<TeamEvent, { kind: 'items' }> =>
  change.kind === 'items' && change.itemIds.length > 0 && change.itemIds.length <= MAX_CHANGED_ITEMS_CARRIED;

/**
 * The stored events (which name what changed) with the changed items as they are now, read once per
 * delivery for every open stream of the team, so a board patches itself instead of reading the whole
 * board again. Read at delivery, not at the write: an item is never older than the event naming it, and
 * deliveries to a stream are in order, so later events never carry older items.
 */
export async function withChangedItems(db: Db, teamId: string, rows: TeamEventRow[]): Promise<TeamEventRow[]> {
  const ids = new Set<string>();
  for (const row of rows) {
    const change = row.payload as TeamEvent;
    if (carriesItems(change)) for (const id of change.itemIds) ids.add(id);
  }
  if (ids.size === 0 || ids.size > MAX_ITEMS_READ_PER_DELIVERY) return rows;
  const found = JSON.parse(await changedItemsJson(db, teamId, [...ids])) as ChangedItem[];
  const byId = new Map(found.map((item) => [item.id, item]));
  return rows.map((row) => {
    const change = row.payload as TeamEvent;
    if (!carriesItems(change)) return row;
    const items = change.itemIds.flatMap((id) => byId.get(id) ?? []);
    return { ...row, payload: { ...change, items } };
  });
}
