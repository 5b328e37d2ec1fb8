import { and, asc, desc, eq, isNull, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { preparedPerHandle } from '../db/preparedStatements';
import { items, projectContexts, type ProjectContextRow } from '../db/schema';
import type { PlanBucket, Timeframe } from '../../shared/timeframes';
import type { Scope, Span } from '../../shared/enums';

/** The rows a raw statement answers, on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function timeframeOf(row: { timeframeSpan: number | null; timeframeIndex: number | null }): Timeframe | null {
  if (row.timeframeSpan === null || row.timeframeIndex === null) return null;
  return { span: row.timeframeSpan as Span, index: row.timeframeIndex };
}

export function bucketOf(row: Pick<ProjectContextRow, 'scope' | 'timeframeSpan' | 'timeframeIndex'>): PlanBucket {
  return { scope: row.scope as Scope, assignedTimeframe: timeframeOf(row) };
}

/** Columns of a bucket, as stored. */
export function bucketColumns(bucket: PlanBucket) {
  return {
    scope: bucket.scope,
    timeframeSpan: bucket.assignedTimeframe?.span ?? null,
    timeframeIndex: bucket.assignedTimeframe?.index ?? null,
  };
}

/** A bucket whose values may be placeholders, for a statement compiled once. */
export interface BucketBound {
  scope: number | Placeholder;
  assignedTimeframe: { span: number | Placeholder; index: number | Placeholder } | null;
}

/** Rows of one bucket of a project (written so the bucket index serves it). */
export function inBucket(projectId: string | Placeholder, bucket: PlanBucket | BucketBound): SQL {
  const timeframe = bucket.assignedTimeframe;
  return and(
    eq(projectContexts.projectId, projectId),
    eq(projectContexts.scope, bucket.scope),
    timeframe === null ? isNull(projectContexts.timeframeSpan) : eq(projectContexts.timeframeSpan, timeframe.span),
    timeframe === null ? isNull(projectContexts.timeframeIndex) : eq(projectContexts.timeframeIndex, timeframe.index),
  )!;
}

export async function findContext(db: Db, projectId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(projectContexts)
    .where(and(eq(projectContexts.projectId, projectId), eq(projectContexts.itemId, itemId)))
    .limit(1);
  return row;
}

// The item route's read: built once.
const teamContextById = preparedPerHandle((db) =>
  db
    .select({
      context: projectContexts,
      itemType: items.itemType,
      linkId: items.linkId,
      externalId: items.externalId,
    })
    .from(projectContexts)
    .innerJoin(items, eq(items.id, projectContexts.itemId))
    .where(
      and(
        eq(projectContexts.projectId, sql.placeholder('projectId')),
        eq(projectContexts.itemId, sql.placeholder('itemId')),
        eq(items.teamId, sql.placeholder('teamId')),
      ),
    )
    .limit(1)
    .prepare('team_context_by_id'),
);

/** A context with its item's identity, only when the item belongs to the team. */
export async function findTeamContext(db: Db, teamId: string, projectId: string, itemId: string) {
  const [row] = await teamContextById(db).execute({ teamId, projectId, itemId });
  return row;
}

/** The contexts of several items in one project. */
export async function contextsOfItems(db: Db, projectId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(projectContexts)
    .where(
      and(
        eq(projectContexts.projectId, projectId),
        sql`${projectContexts.itemId} = any(${sql.param([...itemIds])}::text[])`,
      ),
    );
}

export async function listItemContexts(db: Db, itemId: string) {
  return db.select().from(projectContexts).where(eq(projectContexts.itemId, itemId));
}

export async function insertContexts(db: Db, rows: (typeof projectContexts.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(projectContexts).values(rows);
}

/** Writes a context's new assignment and/or sort key in one statement; answers the row as it now is. */
export async function updateContext(
  db: Db,
  projectId: string,
  itemId: string,
  change: { assignment?: PlanBucket & { assignedToUserId: string | null }; sortKey?: number },
): Promise<ProjectContextRow> {
  const { assignment, sortKey } = change;
  const [row] = await db
    .update(projectContexts)
    .set({
      ...(assignment ? { ...bucketColumns(assignment), assignedToUserId: assignment.assignedToUserId } : {}),
      ...(sortKey === undefined ? {} : { sortKey }),
    })
    .where(and(eq(projectContexts.projectId, projectId), eq(projectContexts.itemId, itemId)))
    .returning();
  return row!;
}

export async function deleteContext(db: Db, projectId: string, itemId: string) {
  await db
    .delete(projectContexts)
    .where(and(eq(projectContexts.projectId, projectId), eq(projectContexts.itemId, itemId)));
}

export interface KeyedItem {
  id: string;
  sortKey: number;
}

const keyed = { id: projectContexts.itemId, sortKey: projectContexts.sortKey };

const excluding = (itemIds: readonly string[]) =>
  itemIds.length === 0 ? undefined : notInArray(projectContexts.itemId, [...itemIds]);

/** The first or last item of a bucket, leaving out the items being placed. */
export async function bucketEnd(
  db: Db,
  projectId: string,
  bucket: PlanBucket,
  end: 'first' | 'last',
  exclude: readonly string[],
): Promise<KeyedItem | undefined> {
  const direction = end === 'first' ? asc : desc;
  const [row] = await db
    .select(keyed)
    .from(projectContexts)
    .where(and(inBucket(projectId, bucket), excluding(exclude)))
    .orderBy(direction(projectContexts.sortKey), direction(projectContexts.itemId))
    .limit(1);
  return row;
}

/** The item right after (or before) `anchor` in board order, leaving out the items being placed. */
export async function adjacentInBucket(
  db: Db,
  projectId: string,
  bucket: PlanBucket,
  anchor: KeyedItem,
  side: 'after' | 'before',
  exclude: readonly string[],
): Promise<KeyedItem | undefined> {
  const tuple = sql`(${projectContexts.sortKey}, ${projectContexts.itemId})`;
  const anchorTuple = sql`(${anchor.sortKey}::float8, ${anchor.id}::text)`;
  const direction = side === 'after' ? asc : desc;
  const [row] = await db
    .select(keyed)
    .from(projectContexts)
    .where(
      and(
        inBucket(projectId, bucket),
        // The plain key bound lets the bucket index start at the anchor; the tuple breaks ties by id.
        side === 'after'
          ? sql`${projectContexts.sortKey} >= ${anchor.sortKey}::float8 and ${tuple} > ${anchorTuple}`
          : sql`${projectContexts.sortKey} <= ${anchor.sortKey}::float8 and ${tuple} < ${anchorTuple}`,
        excluding(exclude),
      ),
    )
    .orderBy(direction(projectContexts.sortKey), direction(projectContexts.itemId))
    .limit(1);
  return row;
}

/** Writes several keys in one statement. */
export async function setSortKeys(db: Db, projectId: string, keys: readonly KeyedItem[]) {
  if (keys.length === 0) return;
  if (keys.length === 1) {
    const [only] = keys as [KeyedItem];
    await db
      .update(projectContexts)
      .set({ sortKey: only.sortKey })
      .where(and(eq(projectContexts.projectId, projectId), eq(projectContexts.itemId, only.id)));
    return;
  }
  await db.execute(sql`
    update project_contexts set sort_key = v.sort_key
    from unnest(${sql.param(keys.map((k) => k.id))}::text[], ${sql.param(keys.map((k) => k.sortKey))}::float8[])
      as v(item_id, sort_key)
    where project_contexts.project_id = ${projectId} and project_contexts.item_id = v.item_id`);
}

/**
 * Reassigns every key of a bucket in one set-based statement: evenly spaced between the bounds in the
 * bucket's current order, exactly as `rebalancedSortKey` of src/shared/sortKeys.ts computes them.
 * Answers the new keys in board order.
 */
export async function rebalanceBucket(db: Db, projectId: string, bucket: PlanBucket): Promise<KeyedItem[]> {
  const result = await db.execute(sql`
    update project_contexts set sort_key = ranked.sort_key
    from (
      select item_id,
        ((row_number() over (order by sort_key, item_id) * 2000000000 + (count(*) over () + 1))
          / (2 * (count(*) over () + 1)) - 500000000)::float8 / 10000 as sort_key
      from project_contexts
      where ${inBucket(projectId, bucket)}
    ) as ranked
    where project_contexts.project_id = ${projectId} and project_contexts.item_id = ranked.item_id
    returning project_contexts.item_id as id, project_contexts.sort_key as "sortKey"`);
  return rowsOf<KeyedItem>(result).sort((a, b) => a.sortKey - b.sortKey);
}

/** The keys of a bucket, in order. */
export async function bucketKeys(db: Db, projectId: string, bucket: PlanBucket): Promise<KeyedItem[]> {
  return db
    .select(keyed)
    .from(projectContexts)
    .where(inBucket(projectId, bucket))
    .orderBy(asc(projectContexts.sortKey), asc(projectContexts.itemId));
}
