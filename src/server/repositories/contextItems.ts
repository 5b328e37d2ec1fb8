import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { contextItems, type ContextItemRow } from '../db/schema';
import { rowsOf } from './projectContexts';

/** The most links a parent chain follows; deeper chains are cut here (and cycles never loop). */
export const MAX_CHAIN_DEPTH = 50;

export async function insertContextItem(db: Db, row: typeof contextItems.$inferInsert): Promise<void> {
  await db.insert(contextItems).values(row);
}

export async function findTeamContextItem(db: Db, teamId: string, id: string): Promise<ContextItemRow | undefined> {
  const [row] = await db
    .select()
    .from(contextItems)
    .where(and(eq(contextItems.teamId, teamId), eq(contextItems.id, id)))
    .limit(1);
  return row;
}

export async function listTeamContextItems(db: Db, teamId: string): Promise<ContextItemRow[]> {
  return db
    .select()
    .from(contextItems)
    .where(eq(contextItems.teamId, teamId))
    .orderBy(asc(contextItems.title), asc(contextItems.id));
}

export async function countTeamContextItems(db: Db, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contextItems).where(eq(contextItems.teamId, teamId));
  return row?.n ?? 0;
}

/** Which of these ids are context items of the team. */
export async function teamContextItemIds(db: Db, teamId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contextItems.id })
    .from(contextItems)
    .where(and(eq(contextItems.teamId, teamId), inArray(contextItems.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export async function updateContextItem(
  db: Db,
  id: string,
  change: Pick<ContextItemRow, 'title' | 'body' | 'kind' | 'parentContextItemId' | 'dateUpdated'>,
): Promise<ContextItemRow> {
  const [row] = await db.update(contextItems).set(change).where(eq(contextItems.id, id)).returning();
  return row!;
}

/** The first key of the team's context-tree lock (the second is the team id's hash); any constant unused elsewhere. */
const CONTEXT_TREE_LOCK = 7_212_027;

/**
 * Serialises re-parenting within a team until the transaction ends: a cycle check and the update it
 * allows then see every earlier re-parenting, so two concurrent ones cannot close a cycle between them.
 */
export async function lockContextTree(db: Db, teamId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CONTEXT_TREE_LOCK}, hashtext(${teamId}))`);
}

export async function deleteContextItem(db: Db, id: string): Promise<void> {
  await db.delete(contextItems).where(eq(contextItems.id, id));
}

/**
 * The chain from one context item of the team up to its root, that item first. Stops at a repeated id
 * (a cycle) and after MAX_CHAIN_DEPTH links, so it always ends.
 */
export async function contextChain(db: Db, teamId: string, startId: string): Promise<ContextItemRow[]> {
  const result = await db.execute(sql`
    with recursive chain(id, parent_id, depth, seen) as (
      select id, parent_context_item_id, 0, array[id]
        from context_items where id = ${startId} and team_id = ${teamId}
      union all
      select parent.id, parent.parent_context_item_id, chain.depth + 1, chain.seen || parent.id
        from chain join context_items parent on parent.id = chain.parent_id
       where parent.team_id = ${teamId} and not parent.id = any(chain.seen) and chain.depth < ${MAX_CHAIN_DEPTH}
    )
    select id, depth from chain order by depth`);
  const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(contextItems).where(inArray(contextItems.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
