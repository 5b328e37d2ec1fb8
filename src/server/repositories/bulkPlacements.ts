/**
 * Set-based placements of many items at once: a project's items joining another project (a project
 * deleted with its items transferred), and items leaving removed milestones. Each appends in board
 * order with a history entry per item, in one statement; the caller reassigns the bucket when the keys
 * did not fit (services/plan.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { rowsOf } from './projectContexts';
import { sortKeysBetween, SORT_KEY_MAX, SORT_KEY_MIN } from '../../shared/sortKeys';
import { Span } from '../../shared/enums';

/** A key as SQL, for the `position`-th (1-based) appended row. */
type KeyAt = (position: SQL) => SQL;

/**
 * The key expression for the `position`-th (1-based) of `count` rows appended after `last`, and whether
 * the bucket must be reassigned afterwards because they did not fit (the rule of shared/sortKeys.ts).
 */
export function appendedKeys(last: number | null, count: number): { keyAt: KeyAt; rebalance: boolean } {
  const low = last ?? SORT_KEY_MIN;
  const fits = sortKeysBetween(last, null, count) !== null;
  if (!fits) return { keyAt: (position) => sql`(${low}::float8 + ${position})`, rebalance: true };
  const step = (SORT_KEY_MAX - low) / (count + 1);
  return {
    keyAt: (position) => sql`round((${low}::numeric + ${step}::numeric * ${position}), 4)::float8`,
    rebalance: false,
  };
}

/** How many items of one project a transfer would add to another (those not already in it). */
export async function countTransferable(db: Db, fromProjectId: string, toProjectId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from project_contexts s
    where s.project_id = ${fromProjectId}
      and not exists (select 1 from project_contexts t where t.project_id = ${toProjectId} and t.item_id = s.item_id)`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Adds the source project's items (not already in the target) to the target's unscheduled bucket of `scope`. */
export async function appendTransferredContexts(
  db: Db,
  input: { fromProjectId: string; toProjectId: string; scope: number; keyAt: KeyAt; now: Date },
): Promise<void> {
  const { fromProjectId, toProjectId, scope, keyAt, now } = input;
  await db.execute(sql`
    with source as (
      select s.item_id, s.team_id, s.assigned_to_user_id,
        row_number() over (
          order by s.scope, s.timeframe_span nulls last, s.timeframe_index nulls last, s.sort_key, s.item_id
        ) as position
      from project_contexts s
      where s.project_id = ${fromProjectId}
        and not exists (
          select 1 from project_contexts t where t.project_id = ${toProjectId} and t.item_id = s.item_id
        )
    ), inserted as (
      insert into project_contexts
        (project_id, item_id, team_id, sort_key, scope, timeframe_span, timeframe_index, assigned_to_user_id)
      select ${toProjectId}, item_id, team_id, ${keyAt(sql`position`)}, ${scope}::int, null::int, null::int,
        assigned_to_user_id
      from source
      returning item_id, scope, assigned_to_user_id
    )
    insert into assignment_history
      (project_id, item_id, date_updated, scope, timeframe_span, timeframe_index, assigned_to_user_id)
    select ${toProjectId}, item_id, ${now.toISOString()}::timestamptz, scope, null::int, null::int, assigned_to_user_id
    from inserted`);
}

/** The contexts of one scope assigned to any of these milestones. */
const inMilestones = (input: { projectId: string; scope: number; milestoneIndexes: readonly number[] }) =>
  sql`project_id = ${input.projectId} and scope = ${input.scope} and timeframe_span = ${Span.Milestone}
    and timeframe_index = any(${sql.param([...input.milestoneIndexes])}::int[])`;

export async function countInMilestones(
  db: Db,
  input: { projectId: string; scope: number; milestoneIndexes: readonly number[] },
): Promise<number> {
  const counted = await db.execute(sql`select count(*)::int as n from project_contexts where ${inMilestones(input)}`);
  return rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
}

/** Moves those contexts to their scope's unscheduled bucket, in milestone and board order. */
export async function unscheduleFromMilestones(
  db: Db,
  input: { projectId: string; scope: number; milestoneIndexes: readonly number[]; now: Date; keyAt: KeyAt },
): Promise<void> {
  const { projectId, now, keyAt } = input;
  await db.execute(sql`
    with source as (
      select item_id, row_number() over (order by timeframe_index, sort_key, item_id) as position
      from project_contexts where ${inMilestones(input)}
    ), moved as (
      update project_contexts
      set timeframe_span = null, timeframe_index = null, sort_key = ${keyAt(sql`source.position`)}
      from source
      where project_contexts.project_id = ${projectId} and project_contexts.item_id = source.item_id
      returning project_contexts.item_id, project_contexts.scope, project_contexts.assigned_to_user_id
    )
    insert into assignment_history
      (project_id, item_id, date_updated, scope, timeframe_span, timeframe_index, assigned_to_user_id)
    select ${projectId}, item_id, ${now.toISOString()}::timestamptz, scope, null::int, null::int, assigned_to_user_id
    from moved`);
}

/** Deletes the items that are in this project and no other; answers how many. */
export async function deleteItemsOnlyIn(db: Db, projectId: string): Promise<number> {
  const result = await db.execute(sql`
    with deleted as (
      delete from items
      where id in (select item_id from project_contexts where project_id = ${projectId})
        and not exists (
          select 1 from project_contexts other where other.item_id = items.id and other.project_id <> ${projectId}
        )
      returning 1
    )
    select count(*)::int as n from deleted`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
