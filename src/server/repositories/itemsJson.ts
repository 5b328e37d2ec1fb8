/**
 * Items as the API answers them (spec §3 Item; project contexts without their history), built as JSON
 * text by the database in one statement. A board of 10,000 items then crosses the driver as one value
 * instead of 10,000 rows that Node would map, allocate and serialise again — on PGlite, whose wire
 * protocol runs in JavaScript, that was most of the board query's time.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/types';
import { items, projectContexts } from '../db/schema';
import { ItemType } from '../../shared/enums';
import { rowsOf } from './projectContexts';

/** Date.prototype.toISOString's format, so these answers match every other route's dates. */
const isoTime = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Its columns render as other_context.<column>; the FROM clause below names the table with that alias.
const otherContext = alias(projectContexts, 'other_context');

/** Spec §3 Project context without assignmentHistory (contract ProjectPlacement). */
function placementJson(context: typeof projectContexts | typeof otherContext) {
  return sql`json_build_object(
    'projectId', ${context.projectId},
    'sortKey', ${context.sortKey},
    'scope', ${context.scope},
    'assignedToUserId', ${context.assignedToUserId},
    'assignedTimeframe', case when ${context.timeframeSpan} is null then null
      else json_build_object('span', ${context.timeframeSpan}, 'index', ${context.timeframeIndex}) end)`;
}

/** The item's contexts: the queried project's first, then those of its other projects (rare). */
const contextsJson = sql`case when other_contexts.contexts is null then json_build_array(${placementJson(projectContexts)})
  else (jsonb_build_array(${placementJson(projectContexts)}::jsonb) || other_contexts.contexts::jsonb)::json end`;

const baseFields = sql.join(
  [
    sql`'id', ${items.id}`,
    sql`'linkId', ${items.linkId}`,
    sql`'teamId', ${items.teamId}`,
    sql`'dateCreated', ${isoTime(items.dateCreated)}`,
    sql`'itemType', ${items.itemType}`,
    sql`'description', ${items.description}`,
    sql`'externalId', ${items.externalId}`,
    sql`'workflowStatus', ${items.workflowStatus}`,
    sql`'codingAgentUrl', ${items.codingAgentUrl}`,
    sql`'pullRequestUrl', ${items.pullRequestUrl}`,
    sql`'parentContextItemId', ${items.parentContextItemId}`,
    sql`'goals', ${items.goals}`,
    sql`'startDate', ${items.startDate}`,
    sql`'completionDate', ${isoTime(items.completionDate)}`,
    sql`'projectContexts', ${contextsJson}`,
  ],
  sql`, `,
);

/** Only a kind's own fields appear (a demo has implementationIds, an implementation its patterns). */
const itemJson = sql`case ${items.itemType}
  when ${sql.raw(String(ItemType.Demo))} then json_build_object(${baseFields},
    'implementationIds', ${items.implementationIds})
  when ${sql.raw(String(ItemType.Implementation))} then json_build_object(${baseFields},
    'projectPatternIds', ${items.projectPatternIds},
    'localPatternData', ${items.localPatternData},
    'newTestScenarios', ${items.newTestScenarios})
  else json_build_object(${baseFields}) end`;

/** Board order (spec §4): scope, days, weeks, milestones, unscheduled last, then key and id. */
const boardOrder = sql`${projectContexts.scope}, ${projectContexts.timeframeSpan}, ${projectContexts.timeframeIndex},
  ${projectContexts.sortKey}, ${projectContexts.itemId}`;

/**
 * The items of a project as a JSON array text. `where` may filter both `items` and `project_contexts`;
 * `ids` keeps only those items and answers them in that order instead of board order.
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
    with other_contexts as (
      select ${otherContext.itemId} as item_id,
        json_agg(${placementJson(otherContext)} order by ${otherContext.projectId}) as contexts
      from ${projectContexts} as other_context
      where ${otherContext.projectId} <> ${projectId}
        and ${otherContext.itemId} in (select item_id from project_contexts where project_id = ${projectId})
      group by ${otherContext.itemId}
    )
    select coalesce(json_agg(${itemJson} order by ${order}), '[]')::text as items
    from ${projectContexts}
      join ${items} on ${items.id} = ${projectContexts.itemId}
      left join other_contexts on other_contexts.item_id = ${projectContexts.itemId}
    where ${projectContexts.projectId} = ${projectId}${idFilter}${options.where ? sql` and (${options.where})` : sql``}`);
  return rowsOf<{ items: string }>(result)[0]!.items;
}
