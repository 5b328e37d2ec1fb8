import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { items, projectContexts, teams, type ItemRow, type ProjectContextRow } from '../db/schema';

export type ItemInsert = typeof items.$inferInsert;
export type ItemColumns = Omit<ItemRow, 'searchVector'>;

/** Every column but the search vector, which only the database needs. */
const { searchVector: _searchVector, ...itemColumns } = getTableColumns(items);

export type ItemChange = Partial<
  Pick<
    ItemInsert,
    | 'description'
    | 'workflowStatus'
    | 'codingAgentUrl'
    | 'pullRequestUrl'
    | 'parentContextItemId'
    | 'goals'
    | 'startDate'
    | 'completionDate'
    | 'implementationIds'
    | 'projectPatternIds'
    | 'localPatternData'
    | 'newTestScenarios'
  >
>;

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

export async function updateItem(db: Db, itemId: string, change: ItemChange, now: Date) {
  await db
    .update(items)
    .set({ ...change, updatedAt: now })
    .where(eq(items.id, itemId));
}

export async function deleteItem(db: Db, itemId: string) {
  await db.delete(items).where(eq(items.id, itemId));
}

/**
 * Items with their context in one project; `where` may filter both tables. Unordered: sorting wide rows
 * (descriptions) would spill to disk on a big board, so callers sort in memory (`compareBoardRows`).
 */
export async function listProjectItemRows(db: Db, projectId: string, where?: SQL) {
  return db
    .select({ item: itemColumns, context: projectContexts })
    .from(projectContexts)
    .innerJoin(items, eq(items.id, projectContexts.itemId))
    .where(and(eq(projectContexts.projectId, projectId), where));
}

type BoardRow = {
  context: Pick<ProjectContextRow, 'scope' | 'timeframeSpan' | 'timeframeIndex' | 'sortKey' | 'itemId'>;
};

// Outside the comparator: a closure per comparison was a measurable share of sorting 10,000 rows.
const nullsLast = (p: number | null, q: number | null) => (p === q ? 0 : p === null ? 1 : q === null ? -1 : p - q);

/** Board order: scope, days, weeks, milestones, unscheduled last (spec §4), then key and id. */
export function compareBoardRows(a: BoardRow, b: BoardRow): number {
  const x = a.context;
  const y = b.context;
  return (
    x.scope - y.scope ||
    nullsLast(x.timeframeSpan, y.timeframeSpan) ||
    nullsLast(x.timeframeIndex, y.timeframeIndex) ||
    x.sortKey - y.sortKey ||
    (x.itemId < y.itemId ? -1 : x.itemId > y.itemId ? 1 : 0)
  );
}

/** Contexts of the given items in projects other than `projectId` (items planned in several projects). */
export async function otherContextsOfItems(db: Db, projectId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(projectContexts)
    .where(
      and(
        sql`${projectContexts.itemId} = any(${sql.param([...itemIds])}::text[])`,
        sql`${projectContexts.projectId} <> ${projectId}`,
      ),
    );
}

/**
 * The items of a project matching a search, best first: an exact key (BAT-12, or just 12) first, then
 * by full-text rank with a title match (first line) counting double. At most `limit` ids.
 */
export async function searchProjectItemIds(
  db: Db,
  teamId: string,
  projectId: string,
  search: { tsquery: SQL | null; raw: string },
  limit: number,
): Promise<string[]> {
  const raw = search.raw.trim();
  const exactKey = /^\d+$/.test(raw)
    ? sql`${items.externalId} like ${`%-${raw}`}`
    : sql`upper(${items.externalId}) = upper(${raw})`;
  const textMatch = search.tsquery ? sql`${items.searchVector} @@ q.query` : sql`false`;
  const rank = search.tsquery
    ? sql`ts_rank(${items.searchVector}, q.query)
        + 2 * ts_rank(to_tsvector('simple', split_part(${items.description}, E'\n', 1)), q.query) desc,`
    : sql``;
  const query = search.tsquery ?? sql`''::tsquery`;
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

/** Items (with their context in `projectId`) by id, in no particular order. */
export async function projectItemRowsById(db: Db, projectId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return listProjectItemRows(db, projectId, sql`${items.id} = any(${sql.param([...itemIds])}::text[])`);
}
