/** The kept copies of deleted placements (schema/deletedPlacements.ts): written on delete, read back by Undo. */
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { items } from '../db/schema';

/** How long a deleted placement can be restored. */
export const RESTORE_WINDOW_MS = 60 * 60 * 1000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Keeps what deleting `itemId` from `projectId` removes, before it goes: the context and its history, and
 * with `wholeItem` the item's row and hand-offs. Replaces an older copy; drops the team's expired ones.
 */
export async function keepDeletedPlacement(
  db: Db,
  input: { teamId: string; projectId: string; itemId: string; wholeItem: boolean; now: Date },
) {
  const { teamId, projectId, itemId, wholeItem } = input;
  const now = input.now.toISOString();
  await db.execute(sql`delete from deleted_placements
    where team_id = ${teamId} and deleted_at < ${now}::timestamptz - ${`${RESTORE_WINDOW_MS} milliseconds`}::interval`);
  await db.execute(sql`
    insert into deleted_placements (project_id, item_id, team_id, deleted_at, item, context, history, handoffs)
    select ${projectId}, ${itemId}, ${teamId}, ${now}::timestamptz,
      case when ${wholeItem}::boolean then (select to_jsonb(i) - 'search_vector' from items i where i.id = ${itemId}) end,
      to_jsonb(pc),
      coalesce((select jsonb_agg(to_jsonb(h) order by h.id) from assignment_history h
        where h.project_id = ${projectId} and h.item_id = ${itemId}), '[]'::jsonb),
      case when ${wholeItem}::boolean then coalesce((select jsonb_agg(to_jsonb(h)) from handoffs h
        where h.item_id = ${itemId}), '[]'::jsonb) end
    from project_contexts pc where pc.project_id = ${projectId} and pc.item_id = ${itemId}
    on conflict (project_id, item_id) do update set team_id = excluded.team_id, deleted_at = excluded.deleted_at,
      item = excluded.item, context = excluded.context, history = excluded.history, handoffs = excluded.handoffs`);
}

/** Whether the item's row still exists (it was deleted from this project only). */
async function itemExists(db: Db, itemId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from items where id = ${itemId}`);
  return rowsOf(result).length > 0;
}

// Every column of items but the generated search vector, as SQL names.
const itemColumnNames = Object.values(getTableColumns(items))
  .map((column) => column.name)
  .filter((name) => name !== 'search_vector');

/**
 * Puts a kept placement back, within the window, and forgets the copy: the item's row and hand-offs when
 * they went with it (a parent context item deleted since is dropped), the context with its old key, and
 * its history. Answers false when there is nothing (left) to restore or the context is already back.
 */
export async function restoreDeletedPlacement(
  db: Db,
  input: { teamId: string; projectId: string; itemId: string; now: Date },
): Promise<boolean> {
  const { teamId, projectId, itemId } = input;
  const result = await db.execute(sql`
    delete from deleted_placements
    where project_id = ${projectId} and item_id = ${itemId} and team_id = ${teamId}
      and deleted_at >= ${input.now.toISOString()}::timestamptz - ${`${RESTORE_WINDOW_MS} milliseconds`}::interval
    returning item, context, history, handoffs`);
  const [kept] = rowsOf<{ item: unknown; context: unknown; history: unknown; handoffs: unknown }>(result);
  if (!kept) return false;
  if (kept.item !== null && !(await itemExists(db, itemId))) {
    const columns = sql.raw(itemColumnNames.map((name) => `"${name}"`).join(', '));
    const values = sql.raw(
      itemColumnNames
        .map((name) =>
          name === 'parent_context_item_id'
            ? `(select c.id from context_items c where c.id = r.parent_context_item_id and c.team_id = r.team_id)`
            : `r."${name}"`,
        )
        .join(', '),
    );
    await db.execute(sql`insert into items (${columns})
      select ${values} from jsonb_populate_record(null::items, ${JSON.stringify(kept.item)}::jsonb) as r`);
    await db.execute(sql`insert into handoffs
      select * from jsonb_populate_recordset(null::handoffs, ${JSON.stringify(kept.handoffs ?? [])}::jsonb)`);
  } else if (!(await itemExists(db, itemId))) {
    return false;
  }
  const inserted = await db.execute(sql`insert into project_contexts
    select * from jsonb_populate_record(null::project_contexts, ${JSON.stringify(kept.context)}::jsonb)
    on conflict do nothing returning item_id`);
  if (rowsOf(inserted).length === 0) return false;
  await db.execute(sql`insert into assignment_history
    select * from jsonb_populate_recordset(null::assignment_history, ${JSON.stringify(kept.history)}::jsonb)
    on conflict do nothing`);
  return true;
}
