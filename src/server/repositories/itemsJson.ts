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
import { rowsOf } from './projectContexts';

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
const boardDescription = sql`split_part(split_part(left(ltrim(${items.description}, ${LEADING_WHITESPACE}),
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

/** Board order (spec §4): scope, days, weeks, milestones, unscheduled last, then key and id. */
const boardOrder = sql`${projectContexts.scope}, ${projectContexts.timeframeSpan}, ${projectContexts.timeframeIndex},
  ${projectContexts.sortKey}, ${projectContexts.itemId}`;

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
    select coalesce(json_agg(${boardItemJson} order by ${order}), '[]')::text as items
    from ${projectContexts}
      join ${items} on ${items.id} = ${projectContexts.itemId}
    where ${projectContexts.projectId} = ${projectId}${idFilter}${options.where ? sql` and (${options.where})` : sql``}`);
  return rowsOf<{ items: string }>(result)[0]!.items;
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
