/**
 * The move's two statements (spec §3 "Move request"). The first locks the project and reads what every
 * check needs; the second, once the lock is held, finds the neighbours, computes the key, writes the
 * context, appends the history entry, stores the live board's event and answers the row with its whole history. Both run as named
 * prepared statements where the driver keeps them (node-postgres; PGlite runs them as plain queries).
 * They are two statements, not one, because a statement sees the database as it was when the statement
 * began: neighbours read in the statement that waited for the lock would miss the moves it waited for.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/types';
import { items, memberships, projectContexts, projects, type ProjectContextRow } from '../db/schema';
import type { HistoryRow } from './assignmentHistory';
import { storeTeamEvents, type TeamEventsToStore } from './teamEvents';
import { inBucket, rowsOf } from './projectContexts';
import type { PlanBucket } from '../../shared/timeframes';
import {
  MIN_SORT_KEY_GAP,
  SORT_KEY_DECIMALS,
  SORT_KEY_GAP_SLACK,
  SORT_KEY_MAX,
  SORT_KEY_MIN,
} from '../../shared/sortKeys';

const dialect = new PgDialect();

/** Runs a raw statement as a prepared statement named after its text (so one name never gets two texts). */
async function executePrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = `m_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 16)}`;
  return rowsOf<T>(await db._.session.prepareQuery(compiled, undefined, name, false).execute());
}

/**
 * Locks the project (moves in one project queue here) and reads the item's context and identity, the
 * project's milestones, and whether `assigneeId` is a member of the team. Undefined: no such project
 * in the team.
 */
export async function lockForMove(
  db: Db,
  input: { teamId: string; projectId: string; itemId: string; assigneeId: string | null },
) {
  const { teamId, projectId, itemId, assigneeId } = input;
  const [row] = await db
    .select({
      milestones: projects.milestones,
      context: projectContexts,
      linkId: items.linkId,
      externalId: items.externalId,
      assigneeIsMember: sql<boolean>`exists (select 1 from ${memberships} where ${memberships.teamId} = ${teamId}
        and ${memberships.userId} = ${assigneeId}::text)`,
    })
    .from(projects)
    .leftJoin(projectContexts, and(eq(projectContexts.projectId, projects.id), eq(projectContexts.itemId, itemId)))
    .leftJoin(items, and(eq(items.id, projectContexts.itemId), eq(items.teamId, projects.teamId)))
    .where(and(eq(projects.id, projectId), eq(projects.teamId, teamId)))
    .for('update', { of: projects })
    .prepare('move_lock')
    .execute();
  return row;
}

/** How the moved item's key is found: between named neighbours, at an edge of the bucket, or kept. */
export type KeyPlacement =
  | { kind: 'between'; leftId: string | null; rightId: string | null }
  | { kind: 'start' }
  | { kind: 'end' }
  | { kind: 'keep' };

export interface MoveWrite {
  projectId: string;
  itemId: string;
  /** The bucket the item ends in (its neighbours are read there). */
  target: PlanBucket;
  assignedToUserId: string | null;
  placement: KeyPlacement;
  /** Whether the assignment changes: the row is written and a history entry appended. */
  assignmentChanged: boolean;
  now: Date;
  /** The live board's events for this move, stored in the same statement (none when absent). */
  events?: TeamEventsToStore;
}

export interface MoveWritten {
  /** False when a named neighbour is missing from the target bucket (nothing was written). */
  leftInBucket: boolean;
  rightInBucket: boolean;
  /** The row as it now is; null when nothing needed writing. */
  row: ProjectContextRow | null;
  /** False when the neighbours left no room: the key is provisional and the bucket must be reassigned. */
  fits: boolean;
  history: HistoryRow[];
}

const keyed = sql`select ${projectContexts.sortKey} from ${projectContexts}`;

/** The first (or last) key of the target bucket in board order, leaving out the moved item. */
function edgeKey(write: MoveWrite, end: 'first' | 'last', bound?: SQL): SQL {
  const direction = sql.raw(end === 'first' ? 'asc' : 'desc');
  return sql`(${keyed} where ${inBucket(write.projectId, write.target)} and ${projectContexts.itemId} <> ${write.itemId}
    ${bound ? sql`and ${bound}` : sql``}
    order by ${projectContexts.sortKey} ${direction}, ${projectContexts.itemId} ${direction} limit 1)`;
}

/** A named neighbour's key and id, when it is in the target bucket. */
function named(write: MoveWrite, id: string | null): SQL {
  return sql`(select ${projectContexts.sortKey} as sort_key, ${projectContexts.itemId} as item_id from ${projectContexts}
    where ${inBucket(write.projectId, write.target)} and ${projectContexts.itemId} = ${id}::text)`;
}

/** `after_key`, `before_key`, `left_ok`, `right_ok`: the neighbours the placement asks for. */
function neighbours(write: MoveWrite): SQL {
  const { placement } = write;
  const tuple = sql`(${projectContexts.sortKey}, ${projectContexts.itemId})`;
  switch (placement.kind) {
    case 'keep':
      return sql`select null::float8 as after_key, null::float8 as before_key, true as left_ok, true as right_ok`;
    case 'start':
      return sql`select null::float8 as after_key, ${edgeKey(write, 'first')} as before_key, true as left_ok, true as right_ok`;
    case 'end':
      return sql`select ${edgeKey(write, 'last')} as after_key, null::float8 as before_key, true as left_ok, true as right_ok`;
    case 'between': {
      const { leftId, rightId } = placement;
      const left = named(write, leftId);
      const right = named(write, rightId);
      const leftOk = leftId === null ? sql`true` : sql`exists ${left}`;
      const rightOk = rightId === null ? sql`true` : sql`exists ${right}`;
      // The left neighbour anchors the item; with only a right one, it goes right before it; else at the end.
      if (leftId !== null) {
        return sql`select l.sort_key as after_key,
          ${edgeKey(write, 'first', sql`${projectContexts.sortKey} >= l.sort_key and ${tuple} > (l.sort_key, l.item_id)`)} as before_key,
          ${leftOk} as left_ok, ${rightOk} as right_ok
          from (select 1) as one left join ${left} as l on true`;
      }
      if (rightId !== null) {
        return sql`select ${edgeKey(write, 'last', sql`${projectContexts.sortKey} <= r.sort_key and ${tuple} < (r.sort_key, r.item_id)`)} as after_key,
          r.sort_key as before_key, true as left_ok, ${rightOk} as right_ok
          from (select 1) as one left join ${right} as r on true`;
      }
      return sql`select ${edgeKey(write, 'last')} as after_key, null::float8 as before_key, true as left_ok, true as right_ok`;
    }
  }
}

const float = (value: number) => sql`${value}::float8`;

/**
 * The key for one item between two neighbours, exactly as `sortKeyBetween` (src/shared/sortKeys.ts)
 * computes it in doubles: the midpoint rounded to 4 decimals; or, with no room, the provisional key
 * `placeBetween` would give (the bucket is then reassigned).
 */
const keyBetween = sql`
  case when n.fits then floor(((n.low + n.high) / 2) * ${float(10 ** SORT_KEY_DECIMALS)} + 0.5::float8)
      / ${float(10 ** SORT_KEY_DECIMALS)}
    when n.after_key is not null and n.before_key is not null then n.after_key + (n.before_key - n.after_key) / 2
    when n.after_key is not null then n.after_key + 1
    when n.before_key is not null then n.before_key - 1
    else 1::float8 end`;

/**
 * The move's write, in one statement: neighbours, key, the context's new assignment and key, the history
 * entry, the live board's events, and the whole history for the answer. Writes no context when a named
 * neighbour is not in the target bucket (the caller then fails the transaction, events included).
 */
export async function writeMove(db: Db, write: MoveWrite): Promise<MoveWritten> {
  const { projectId, itemId, target, placement, assignmentChanged } = write;
  const placeKey = placement.kind !== 'keep';
  const span = target.assignedTimeframe?.span ?? null;
  const index = target.assignedTimeframe?.index ?? null;
  const history = sql`select id, (extract(epoch from date_updated) * 1000)::float8 as date_ms, scope, timeframe_span,
    timeframe_index, assigned_to_user_id`;
  const rows = await executePrepared<{
    left_ok: boolean;
    right_ok: boolean;
    fits: boolean;
    written: boolean;
    sort_key: number | null;
    team_id: string | null;
    history: {
      id: number;
      date_ms: number;
      scope: number;
      timeframe_span: number | null;
      timeframe_index: number | null;
      assigned_to_user_id: string | null;
    }[];
  }>(
    db,
    // Materialised: the neighbours are read once, not once per use of their keys below.
    sql`with found as materialized (${neighbours(write)}),
    n as (
      select found.*, coalesce(after_key, ${float(SORT_KEY_MIN)}) as low, coalesce(before_key, ${float(SORT_KEY_MAX)}) as high,
        coalesce(before_key, ${float(SORT_KEY_MAX)}) - coalesce(after_key, ${float(SORT_KEY_MIN)})
          >= ${float(MIN_SORT_KEY_GAP - SORT_KEY_GAP_SLACK)} as fits
      from found
    ),
    moved as (
      update ${projectContexts} set
        sort_key = ${placeKey ? keyBetween : sql`${projectContexts.sortKey}`},
        scope = ${target.scope}::int, timeframe_span = ${span}::int, timeframe_index = ${index}::int,
        assigned_to_user_id = ${write.assignedToUserId}::text
      from n
      where ${projectContexts.projectId} = ${projectId} and ${projectContexts.itemId} = ${itemId}
        and n.left_ok and n.right_ok and (${placeKey}::boolean or ${assignmentChanged}::boolean)
      returning ${projectContexts.sortKey} as sort_key, ${projectContexts.teamId} as team_id
    ),
    ${write.events ? sql`${storeTeamEvents(write.events)},` : sql``}
    logged as (
      insert into assignment_history
        (project_id, item_id, date_updated, scope, timeframe_span, timeframe_index, assigned_to_user_id)
      select ${projectId}, ${itemId}, ${write.now.toISOString()}::timestamptz, ${target.scope}::int, ${span}::int,
        ${index}::int, ${write.assignedToUserId}::text
      from moved where ${assignmentChanged}::boolean
      returning *
    )
    select n.left_ok, n.right_ok, n.fits, moved.sort_key is not null as written, moved.sort_key, moved.team_id,
      (select coalesce(json_agg(h order by h.id), '[]'::json) from (
        ${history} from assignment_history where project_id = ${projectId} and item_id = ${itemId}
        union all ${history} from logged
      ) as h) as history${write.events ? sql`, (select count(*) from notified_events) as notified` : sql``}
    from n left join moved on true`,
  );
  const result = rows[0]!;
  const row: ProjectContextRow | null =
    result.written && result.team_id !== null && result.sort_key !== null
      ? {
          projectId,
          itemId,
          teamId: result.team_id,
          sortKey: result.sort_key,
          scope: target.scope,
          timeframeSpan: span,
          timeframeIndex: index,
          assignedToUserId: write.assignedToUserId,
        }
      : null;
  return {
    leftInBucket: result.left_ok,
    rightInBucket: result.right_ok,
    row,
    fits: !placeKey || result.fits,
    history: result.history.map((entry) => ({
      id: Number(entry.id),
      projectId,
      itemId,
      dateUpdated: new Date(entry.date_ms),
      scope: entry.scope,
      timeframeSpan: entry.timeframe_span,
      timeframeIndex: entry.timeframe_index,
      assignedToUserId: entry.assigned_to_user_id,
    })),
  };
}
