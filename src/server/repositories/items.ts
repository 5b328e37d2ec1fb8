import { and, eq, getTableColumns, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import type { WritableItemField } from '../../shared/contract/items';
import type { WorkflowStatus } from '../../shared/enums';
import { items, projectContexts, teams, type ItemRow } from '../db/schema';
import { searchTsQuery } from './itemFilters';

export type ItemInsert = typeof items.$inferInsert;
export type ItemColumns = Omit<ItemRow, 'searchVector'>;

/** Every column but the search vector, which only the database needs. */
const { searchVector: _searchVector, ...itemColumns } = getTableColumns(items);

export type ItemChange = Partial<Pick<ItemInsert, WritableItemField>>;

/**
 * Hands out the next `count` item numbers of a team in one atomic statement (the row stays locked
 * until the transaction ends); numbers only ever go up, so an externalId is never reused.
 */
export async function takeItemNumbers(db: Db, teamId: string, count: number) {
  const [row] = await db
    .update(teams)
    .set({ lastItemNumber: sql`${teams.lastItemNumber} + ${count}` })
    .where(eq(teams.id, teamId))
    .returning({ teamKey: teams.teamKey, last: teams.lastItemNumber });
  if (!row) throw new Error(`team ${teamId} not found`);
  return { teamKey: row.teamKey, first: row.last - count + 1 };
}

export async function insertItems(db: Db, rows: readonly ItemInsert[]) {
  if (rows.length > 0) await db.insert(items).values([...rows]);
}

/** An item of the team, or undefined (another team's item is not found). */
export async function findTeamItem(db: Db, teamId: string, itemId: string): Promise<ItemColumns | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.teamId, teamId)))
    .limit(1);
  return row;
}

/** The kinds of those of `itemIds` that belong to the team. */
export async function teamItemTypes(db: Db, teamId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: items.id, itemType: items.itemType })
    .from(items)
    .where(and(eq(items.teamId, teamId), inArray(items.id, [...itemIds])));
  return new Map(rows.map((row) => [row.id, row.itemType]));
}

/** Applies a change and moves the item to its next version; answers that version. */
export async function updateItem(db: Db, itemId: string, change: ItemChange, now: Date): Promise<number> {
  const [row] = await db
    .update(items)
    .set({ ...change, updatedAt: now, version: sql`${items.version} + 1` })
    .where(eq(items.id, itemId))
    .returning({ version: items.version });
  return row?.version ?? 0;
}

/** What an agent or GitHub reports of an item's work: its status (never lowered), its links, its completion. */
export interface ItemWork {
  status: WorkflowStatus;
  pullRequestUrl?: string;
  /** The hand-off's issue (or session) the agent works from. */
  codingAgentUrl?: string;
  completed?: boolean;
}

/**
 * Records an agent's or GitHub's word on an item. Like every change, it moves the item to its next
 * version, so a panel edit made before it is refused as a conflict rather than erasing it; when it
 * changes nothing (the status is already as far, the link already there) the version stays.
 * Answers the new version, or null when nothing changed.
 */
export async function advanceItemWork(db: Db, itemId: string, work: ItemWork, now: Date): Promise<number | null> {
  const { status, pullRequestUrl, codingAgentUrl, completed } = work;
  const [row] = await db
    .update(items)
    .set({
      workflowStatus: sql`greatest(${items.workflowStatus}, ${status})`,
      ...(pullRequestUrl ? { pullRequestUrl } : {}),
      ...(codingAgentUrl ? { codingAgentUrl } : {}),
      ...(completed
        ? { completionDate: sql`coalesce(${items.completionDate}, ${now.toISOString()}::timestamptz)` }
        : {}),
      updatedAt: now,
      version: sql`${items.version} + 1`,
    })
    .where(
      and(
        eq(items.id, itemId),
        or(
          lt(items.workflowStatus, status),
          pullRequestUrl ? sql`${items.pullRequestUrl} is distinct from ${pullRequestUrl}` : undefined,
          codingAgentUrl ? sql`${items.codingAgentUrl} is distinct from ${codingAgentUrl}` : undefined,
          completed ? isNull(items.completionDate) : undefined,
        ),
      ),
    )
    .returning({ version: items.version });
  return row?.version ?? null;
}

/** The team's item with its row locked until the transaction ends, so a version check holds while it writes. */
export async function lockTeamItem(db: Db, teamId: string, itemId: string): Promise<ItemColumns | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.teamId, teamId)))
    .for('update');
  return row;
}

export async function deleteItem(db: Db, itemId: string) {
  await db.delete(items).where(eq(items.id, itemId));
}

/**
 * The items of a project matching a search, best first: an exact key (BAT-12, or just 12) first, then
 * by full-text rank with a title match (first line) counting double. At most `limit` ids.
 */
export async function searchProjectItemIds(
  db: Db,
  teamId: string,
  projectId: string,
  text: string,
  limit: number,
): Promise<string[]> {
  const raw = text.trim();
  const tsquery = searchTsQuery(text);
  const exactKey = /^\d+$/.test(raw)
    ? sql`${items.externalId} like ${`%-${raw}`}`
    : sql`upper(${items.externalId}) = upper(${raw})`;
  const textMatch = tsquery ? sql`${items.searchVector} @@ q.query` : sql`false`;
  const rank = tsquery
    ? sql`ts_rank(${items.searchVector}, q.query)
        + 2 * ts_rank(to_tsvector('simple', split_part(${items.description}, E'\n', 1)), q.query) desc,`
    : sql``;
  const query = tsquery ?? sql`''::tsquery`;
  const rows = await db.execute(sql`
    select ${items.id} as id
    from ${items}
      join ${projectContexts} on ${projectContexts.itemId} = ${items.id} and ${projectContexts.projectId} = ${projectId}
      cross join (select ${query} as query) as q
    where ${items.teamId} = ${teamId} and (${exactKey} or ${textMatch})
    order by (${exactKey}) desc, ${rank} ${items.dateCreated} desc, ${items.id}
    limit ${limit}`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}
