/**
 * Items as the API answers them, built as JSON text by the database in one statement. A board of
 * 10,000 items then crosses the driver as one value instead of 10,000 rows that Node would map,
 * allocate and serialise again — on PGlite, whose wire protocol runs in JavaScript, that was most of
 * the board query's time.
 *
 * The board's answer (contract BoardItem) is bounded by construction: per item only fixed-size fields,
 * the queried project's context and the description's first line cut to BOARD_DESCRIPTION_LENGTH
 * characters. Rows stored before the field limits (a megabyte of pattern data or description) cost
 * the database a read, never the answer's size; the heavy fields come with one item (contract Item).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/types';
import { items, projectContexts } from '../db/schema';
import { ItemType } from '../../shared/enums';
import { BOARD_DESCRIPTION_LENGTH, LEADING_WHITESPACE } from '../../shared/boardDescription';
import type { BucketPage } from '../../shared/contract/projects';
import { rowsOf } from './projectContexts';
import { latestTeamEventIdSql } from './teamEvents';

/** Date.prototype.toISOString's format, so these answers match every other route's dates. */
const isoTime = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Spec §3 Project context without assignmentHistory (contract ProjectPlacement). */
const placementJson = sql`json_build_object(
    'projectId', ${projectContexts.projectId},
    'sortKey', ${projectContexts.sortKey},
    'scope', ${projectContexts.scope},
    'assignedToUserId', ${projectContexts.assignedToUserId},
    'assignedTimeframe', case when ${projectContexts.timeframeSpan} is null then null
      else json_build_object('span', ${projectContexts.timeframeSpan}, 'index', ${projectContexts.timeframeIndex}) end)`;

/** shared/boardDescription.ts in SQL: the first line, leading whitespace dropped, cut (in characters). */
export const boardDescription = sql`split_part(split_part(left(ltrim(${items.description}, ${LEADING_WHITESPACE}),
  ${sql.raw(String(BOARD_DESCRIPTION_LENGTH))}), E'\\n', 1), E'\\r', 1)`;

/** Fields of every item, in both answers; the description is the board's cut or the whole. */
function commonFields(description: SQL | AnyPgColumn) {
  return sql.join(
    [
      sql`'id', ${items.id}`,
      sql`'linkId', ${items.linkId}`,
      sql`'teamId', ${items.teamId}`,
      sql`'dateCreated', ${isoTime(items.dateCreated)}`,
      sql`'itemType', ${items.itemType}`,
      sql`'description', ${description}`,
      sql`'externalId', ${items.externalId}`,
      sql`'workflowStatus', ${items.workflowStatus}`,
      sql`'parentContextItemId', ${items.parentContextItemId}`,
      sql`'startDate', ${items.startDate}`,
      sql`'completionDate', ${isoTime(items.completionDate)}`,
    ],
    sql`, `,
  );
}

/** Contract BoardItem: what a card shows, with the queried project's context. */
const boardItemJson = sql`json_build_object(${commonFields(boardDescription)},
  'projectContexts', json_build_array(${placementJson}))`;

/** A bucket of board order: the partition of the rest's rank. */
const bucketColumns = sql`${projectContexts.scope}, ${projectContexts.timeframeSpan}, ${projectContexts.timeframeIndex}`;

/** Board order (spec §4): scope, days, weeks, milestones, unscheduled last, then key and id. */
const boardOrder = sql`${bucketColumns}, ${projectContexts.sortKey}, ${projectContexts.itemId}`;

/** The selected rows' board items as one JSON array text, in `order`. */
const boardItemsArray = (order: SQL) => sql`coalesce(json_agg(${boardItemJson} order by ${order}), '[]')::text`;

/**
 * The board items of a project as a JSON array text. `where` may filter both `items` and
 * `project_contexts`; `ids` keeps only those items and answers them in that order instead of board order.
 */
export async function projectItemsJson(
  db: Db,
  projectId: string,
  options: { where?: SQL; ids?: readonly string[] } = {},
): Promise<string> {
  const ids = options.ids ? sql.param([...options.ids]) : null;
  const idFilter = ids ? sql` and ${projectContexts.itemId} = any(${ids}::text[])` : sql``;
  const order = ids ? sql`array_position(${ids}::text[], ${projectContexts.itemId})` : boardOrder;
  const result = await db.execute(sql`
    select ${boardItemsArray(order)} as items
    from ${projectContexts}
      join ${items} on ${items.id} = ${projectContexts.itemId}
    where ${projectContexts.projectId} = ${projectId}${idFilter}${options.where ? sql` and (${options.where})` : sql``}`);
  return rowsOf<{ items: string }>(result)[0]!.items;
}

/** One part of the board (contract BucketPage) as JSON texts, with the newest team event id read with it. */
export interface BoardPageJson {
  /** Contract BoardColumns. */
  columns: string;
  /** The head's count of every bucket (contract BucketTotal[]); absent for the rest. */
  bucketTotals?: string;
  latestEventId: number;
}

/** The project's contexts, joined to their items only when a filter may read them (every context has one). */
function contextsOf(projectId: string, where: SQL | undefined): { from: SQL; filter: SQL } {
  return where
    ? {
        from: sql`${projectContexts} join ${items} on ${items.id} = ${projectContexts.itemId}`,
        filter: sql`${projectContexts.projectId} = ${projectId} and (${where})`,
      }
    : { from: sql`${projectContexts}`, filter: sql`${projectContexts.projectId} = ${projectId}` };
}

/**
 * The head's ids: each bucket's first `perBucket` contexts in key order, read bucket by bucket down the
 * bucket index (`project_contexts_bucket`) instead of ranking the whole board; a bucket's place is
 * compared with `=` or `is null` so that index serves the unscheduled one too.
 */
function headIds(projectId: string, where: SQL | undefined, perBucket: SQL): SQL {
  const { from, filter } = contextsOf(projectId, where);
  const firstOf = (bucket: SQL) => sql`(select ${projectContexts.itemId} as item_id from ${from}
      where ${filter} and ${projectContexts.scope} = b.scope and ${bucket}
      order by ${projectContexts.sortKey}, ${projectContexts.itemId} limit ${perBucket})`;
  return sql`select top.item_id from buckets b cross join lateral (
      ${firstOf(sql`b.span is not null and ${projectContexts.timeframeSpan} = b.span and ${projectContexts.timeframeIndex} = b.index`)}
      union all
      ${firstOf(sql`b.span is null and ${projectContexts.timeframeSpan} is null`)}
    ) as top`;
}

/** The rest's ids: every context ranked in its bucket, past the head's `perBucket`. */
function restIds(projectId: string, where: SQL | undefined, perBucket: SQL): SQL {
  const { from, filter } = contextsOf(projectId, where);
  return sql`select ranked.item_id from (
      select ${projectContexts.itemId} as item_id, row_number() over (partition by ${bucketColumns}
        order by ${projectContexts.sortKey}, ${projectContexts.itemId}) as rank
      from ${from} where ${filter}
    ) as ranked where ranked.rank > ${perBucket}`;
}

/** Contract BoardColumns' arrays, each aggregated from `page`, whose rows come in board order. */
const columnsJson = sql.join(
  [
    sql`'id', coalesce(json_agg(page.id), '[]')`,
    sql`'linkId', coalesce(json_agg(page.link_id), '[]')`,
    sql`'dateCreated', coalesce(json_agg(page.date_created), '[]')`,
    sql`'itemType', coalesce(json_agg(page.item_type), '[]')`,
    sql`'description', coalesce(json_agg(page.description), '[]')`,
    sql`'externalId', coalesce(json_agg(page.external_id), '[]')`,
    sql`'workflowStatus', coalesce(json_agg(page.workflow_status), '[]')`,
    sql`'parentContextItemId', coalesce(json_agg(page.parent_context_item_id), '[]')`,
    sql`'startDate', coalesce(json_agg(page.start_date), '[]')`,
    sql`'completionDate', coalesce(json_agg(page.completion_date), '[]')`,
    sql`'sortKey', coalesce(json_agg(page.sort_key), '[]')`,
    sql`'scope', coalesce(json_agg(page.scope), '[]')`,
    sql`'assignedToUserId', coalesce(json_agg(page.assigned_to_user_id), '[]')`,
    sql`'span', coalesce(json_agg(page.span), '[]')`,
    sql`'index', coalesce(json_agg(page.index), '[]')`,
  ],
  sql`, `,
);

/**
 * The head (each bucket's first `perBucket` items, and every bucket's count) or the rest (the others)
 * of the board, in board order, field by field (contract BoardColumns), in one statement that dates it
 * with the newest event id: head and rest of the same instant add up to the unpaged answer.
 */
export async function projectItemsPageJson(
  db: Db,
  input: { teamId: string; projectId: string; where?: SQL; page: BucketPage },
): Promise<BoardPageJson> {
  const { teamId, projectId, where, page } = input;
  const perBucket = sql.raw(String(Math.trunc(page.perBucket)));
  const head = page.part === 'head';
  const { from, filter } = contextsOf(projectId, where);
  const buckets = sql`buckets as (
      select ${projectContexts.scope} as scope, ${projectContexts.timeframeSpan} as span,
        ${projectContexts.timeframeIndex} as index, count(*) as count
      from ${from} where ${filter}
      group by 1, 2, 3
    )`;
  const totals = sql`(select coalesce(json_agg(json_build_object('scope', scope, 'assignedTimeframe',
      case when span is null then null else json_build_object('span', span, 'index', index) end,
      'count', count) order by scope, span, index), '[]')::text from buckets)`;
  const result = await db.execute(sql`
    with ${head ? sql`${buckets},` : sql``}
    page_ids as (${head ? headIds(projectId, where, perBucket) : restIds(projectId, where, perBucket)})
    select
      -- Aggregated in the order the subquery's rows come in, so one sort serves every column.
      (select json_build_object('teamId', ${teamId}::text, 'projectId', ${projectId}::text, ${columnsJson})::text
        from (
          select ${items.id} as id, ${items.linkId} as link_id, ${isoTime(items.dateCreated)} as date_created,
            ${items.itemType} as item_type, ${boardDescription} as description, ${items.externalId} as external_id,
            ${items.workflowStatus} as workflow_status, ${items.parentContextItemId} as parent_context_item_id,
            ${items.startDate} as start_date, ${isoTime(items.completionDate)} as completion_date,
            ${projectContexts.sortKey} as sort_key, ${projectContexts.scope} as scope,
            ${projectContexts.assignedToUserId} as assigned_to_user_id, ${projectContexts.timeframeSpan} as span,
            ${projectContexts.timeframeIndex} as index
          from page_ids
            join ${projectContexts} on ${projectContexts.projectId} = ${projectId}
              and ${projectContexts.itemId} = page_ids.item_id
            join ${items} on ${items.id} = page_ids.item_id
          order by ${boardOrder}
        ) as page) as columns,
      ${head ? totals : sql`null`} as bucket_totals,
      ${latestTeamEventIdSql(teamId)} as latest_event_id`);
  const row = rowsOf<{ columns: string; bucket_totals: string | null; latest_event_id: string | number }>(result)[0]!;
  return {
    columns: row.columns,
    ...(row.bucket_totals === null ? {} : { bucketTotals: row.bucket_totals }),
    latestEventId: Number(row.latest_event_id),
  };
}

/** Every context of the item, by project id (contract ProjectPlacement, no history). */
const allContextsJson = sql`(select coalesce(json_agg(${placementJson} order by ${projectContexts.projectId}), '[]')
  from ${projectContexts} where ${projectContexts.itemId} = ${items.id})`;

const fullFields = sql`${commonFields(items.description)},
  'codingAgentUrl', ${items.codingAgentUrl},
  'pullRequestUrl', ${items.pullRequestUrl},
  'goals', ${items.goals},
  'version', ${items.version},
  'projectContexts', ${allContextsJson}`;

/** Contract Item: every field, only a kind's own kind-specific ones (a demo has implementationIds…). */
const fullItemJson = sql`case ${items.itemType}
  when ${sql.raw(String(ItemType.Demo))} then json_build_object(${fullFields},
    'implementationIds', ${items.implementationIds})
  when ${sql.raw(String(ItemType.Implementation))} then json_build_object(${fullFields},
    'projectPatternIds', ${items.projectPatternIds},
    'localPatternData', ${items.localPatternData},
    'newTestScenarios', ${items.newTestScenarios})
  else json_build_object(${fullFields}) end`;

/** One item of the team, every field and context, as JSON text; null when the team has no such item. */
export async function teamItemJson(db: Db, teamId: string, itemId: string): Promise<string | null> {
  const result = await db.execute(sql`
    select (${fullItemJson})::text as item from ${items}
    where ${and(eq(items.id, itemId), eq(items.teamId, teamId))}`);
  return rowsOf<{ item: string }>(result)[0]?.item ?? null;
}

/** Shared contract ChangedItem: a card's fields with the item's place in every project. */
const changedItemJson = sql`json_build_object(${commonFields(boardDescription)}, 'projectContexts', ${allContextsJson})`;

/** The team's items among `ids` as a live change carries them (ChangedItem[] JSON text); deleted ones are absent. */
export async function changedItemsJson(db: Db, teamId: string, ids: readonly string[]): Promise<string> {
  const result = await db.execute(sql`
    select coalesce(json_agg(${changedItemJson}), '[]')::text as items from ${items}
    where ${items.teamId} = ${teamId} and ${items.id} = any(${sql.param([...ids])}::text[])`);
  return rowsOf<{ items: string }>(result)[0]!.items;
}
