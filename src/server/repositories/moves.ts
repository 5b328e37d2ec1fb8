/**
 * The move's two statements (spec §3 "Move request"). The first locks the project and reads what every
 * check needs; the second, once the lock is held, finds the neighbours, computes the key, writes the
 * context, appends the history entry, stores the live board's event and answers the row with its whole
 * history. Both are compiled once per shape with their values as placeholders (preparedStatements.ts).
 * They are two statements, not one, because a statement sees the database as it was when the statement
 * began: neighbours read in the statement that waited for the lock would miss the moves it waited for.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { rawStatement, rawStatementsByShape } from '../db/preparedStatements';
import { items, memberships, projectContexts, projects, type ProjectContextRow } from '../db/schema';
import type { HistoryRow } from './assignmentHistory';
import { storeTeamEvents, type TeamEventsToStore } from './teamEvents';
import { inBucket } from './projectContexts';
import type { Milestone } from '../../shared/contract/userAndTeam';
import type { PlanBucket } from '../../shared/timeframes';
import {
  MIN_SORT_KEY_GAP,
  SORT_KEY_DECIMALS,
  SORT_KEY_GAP_SLACK,
  SORT_KEY_MAX,
  SORT_KEY_MIN,
} from '../../shared/sortKeys';

const value = sql.placeholder;

const lockStatement = rawStatement(
  () => sql`select ${projects.milestones} as milestones, ${items.linkId} as link_id, ${items.externalId} as external_id,
      ${projectContexts.teamId} as team_id, ${projectContexts.sortKey} as sort_key, ${projectContexts.scope} as scope,
      ${projectContexts.timeframeSpan} as timeframe_span, ${projectContexts.timeframeIndex} as timeframe_index,
      ${projectContexts.assignedToUserId} as assigned_to_user_id, ${projectContexts.itemId} is not null as has_context,
      exists (select 1 from ${memberships} where ${memberships.teamId} = ${value('teamId')}::text
        and ${memberships.userId} = ${value('assigneeId')}::text) as assignee_is_member
    from ${projects}
    left join ${projectContexts} on ${projectContexts.projectId} = ${projects.id} and ${projectContexts.itemId} = ${value('itemId')}::text
    left join ${items} on ${items.id} = ${projectContexts.itemId} and ${items.teamId} = ${projects.teamId}
    where ${projects.id} = ${value('projectId')}::text and ${projects.teamId} = ${value('teamId')}::text
    for update of ${projects}`,
);

/**
 * Locks the project (moves in one project queue here) and reads the item's context and identity, the
 * project's milestones, and whether `assigneeId` is a member of the team. Undefined: no such project
 * in the team.
 */
export async function lockForMove(
  db: Db,
  input: { teamId: string; projectId: string; itemId: string; assigneeId: string | null },
) {
  const [row] = await lockStatement<{
    milestones: Milestone[];
    link_id: string | null;
    external_id: string | null;
    team_id: string | null;
    sort_key: number | null;
    scope: number | null;
    timeframe_span: number | null;
    timeframe_index: number | null;
    assigned_to_user_id: string | null;
    has_context: boolean;
    assignee_is_member: boolean;
  }>(db, input);
  if (!row) return undefined;
  const context: ProjectContextRow | null = row.has_context
    ? {
        projectId: input.projectId,
        itemId: input.itemId,
        teamId: row.team_id!,
        sortKey: row.sort_key!,
        scope: row.scope!,
        timeframeSpan: row.timeframe_span,
        timeframeIndex: row.timeframe_index,
        assignedToUserId: row.assigned_to_user_id,
      }
    : null;
  return {
    milestones: row.milestones,
    context,
    linkId: row.link_id,
    externalId: row.external_id,
    assigneeIsMember: row.assignee_is_member,
  };
}

/** How the moved item's key is found: between named neighbours, at an edge of the bucket, or kept. */
export type KeyPlacement =
  | { kind: 'between'; leftId: string | null; rightId: string | null; sortKey?: number }
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

/** What the write statement's text depends on; every value is a placeholder. */
interface WriteShape {
  placement: 'keep' | 'start' | 'end' | 'between';
  hasLeft: boolean;
  hasRight: boolean;
  /** Whether the target bucket is scheduled (its timeframe compared, not tested for null). */
  scheduled: boolean;
  events: boolean;
}

function shapeOf(write: MoveWrite): WriteShape {
  const { placement } = write;
  return {
    placement: placement.kind,
    hasLeft: placement.kind === 'between' && placement.leftId !== null,
    hasRight: placement.kind === 'between' && placement.rightId !== null,
    scheduled: write.target.assignedTimeframe !== null,
    events: write.events !== undefined,
  };
}

/** The target bucket, from the placeholders projectId, scope, span and index. */
function inTarget(shape: WriteShape): SQL {
  const assignedTimeframe = shape.scheduled ? { span: value('span'), index: value('index') } : null;
  return inBucket(value('projectId'), { scope: value('scope'), assignedTimeframe });
}

const keyed = sql`select ${projectContexts.sortKey} from ${projectContexts}`;

/** The first (or last) key of the target bucket in board order, leaving out the moved item. */
function edgeKey(shape: WriteShape, end: 'first' | 'last', bound?: SQL): SQL {
  const direction = sql.raw(end === 'first' ? 'asc' : 'desc');
  return sql`(${keyed} where ${inTarget(shape)} and ${projectContexts.itemId} <> ${value('itemId')}::text
    ${bound ? sql`and ${bound}` : sql``}
    order by ${projectContexts.sortKey} ${direction}, ${projectContexts.itemId} ${direction} limit 1)`;
}

/** A named neighbour's key and id (placeholder `leftId` or `rightId`), when it is in the target bucket. */
function named(shape: WriteShape, side: 'leftId' | 'rightId'): SQL {
  return sql`(select ${projectContexts.sortKey} as sort_key, ${projectContexts.itemId} as item_id from ${projectContexts}
    where ${inTarget(shape)} and ${projectContexts.itemId} = ${value(side)}::text)`;
}

/** `after_key`, `before_key`, `left_ok`, `right_ok`: the neighbours the placement asks for. */
function neighbours(shape: WriteShape): SQL {
  const tuple = sql`(${projectContexts.sortKey}, ${projectContexts.itemId})`;
  switch (shape.placement) {
    case 'keep':
      return sql`select null::float8 as after_key, null::float8 as before_key, true as left_ok, true as right_ok`;
    case 'start':
      return sql`select null::float8 as after_key, ${edgeKey(shape, 'first')} as before_key, true as left_ok, true as right_ok`;
    case 'end':
      return sql`select ${edgeKey(shape, 'last')} as after_key, null::float8 as before_key, true as left_ok, true as right_ok`;
    case 'between': {
      const left = named(shape, 'leftId');
      const right = named(shape, 'rightId');
      const leftOk = shape.hasLeft ? sql`exists ${left}` : sql`true`;
      const rightOk = shape.hasRight ? sql`exists ${right}` : sql`true`;
      // The left neighbour anchors the item; with only a right one, it goes right before it; else at the end.
      if (shape.hasLeft) {
        return sql`select l.sort_key as after_key,
          ${edgeKey(shape, 'first', sql`${projectContexts.sortKey} >= l.sort_key and ${tuple} > (l.sort_key, l.item_id)`)} as before_key,
          ${leftOk} as left_ok, ${rightOk} as right_ok
          from (select 1) as one left join ${left} as l on true`;
      }
      if (shape.hasRight) {
        return sql`select ${edgeKey(shape, 'last', sql`${projectContexts.sortKey} <= r.sort_key and ${tuple} < (r.sort_key, r.item_id)`)} as after_key,
          r.sort_key as before_key, true as left_ok, ${rightOk} as right_ok
          from (select 1) as one left join ${right} as r on true`;
      }
      return sql`select ${edgeKey(shape, 'last')} as after_key, null::float8 as before_key, true as left_ok, true as right_ok`;
    }
  }
}

const float = (number: number) => sql`${number}::float8`;

/**
 * The key for one item between two neighbours: the requested key when it lies strictly between them (an
 * undo puts an item back with its old key); else exactly as `sortKeyBetween` (src/shared/sortKeys.ts)
 * computes it in doubles: the midpoint rounded to 4 decimals; or, with no room, the provisional key
 * `placeBetween` would give (the bucket is then reassigned).
 */
const keyBetween = sql`
  case when ${value('exactKey')}::float8 > n.low and ${value('exactKey')}::float8 < n.high then ${value('exactKey')}::float8
    when n.fits then floor(((n.low + n.high) / 2) * ${float(10 ** SORT_KEY_DECIMALS)} + 0.5::float8)
      / ${float(10 ** SORT_KEY_DECIMALS)}
    when n.after_key is not null and n.before_key is not null then n.after_key + (n.before_key - n.after_key) / 2
    when n.after_key is not null then n.after_key + 1
    when n.before_key is not null then n.before_key - 1
    else 1::float8 end`;

const history = sql`select id, (extract(epoch from date_updated) * 1000)::float8 as date_ms, scope, timeframe_span,
    timeframe_index, assigned_to_user_id`;

/**
 * The move's write, in one statement: neighbours, key, the context's new assignment and key, the history
 * entry, the live board's events, and the whole history for the answer. Writes no context when a named
 * neighbour is not in the target bucket (the caller then fails the transaction, events included).
 */
const writeStatement = rawStatementsByShape(
  (shape: WriteShape) => JSON.stringify(shape),
  (shape) =>
    // Materialised: the neighbours are read once, not once per use of their keys below.
    sql`with found as materialized (${neighbours(shape)}),
    n as (
      select found.*, coalesce(after_key, ${float(SORT_KEY_MIN)}) as low, coalesce(before_key, ${float(SORT_KEY_MAX)}) as high,
        coalesce(before_key, ${float(SORT_KEY_MAX)}) - coalesce(after_key, ${float(SORT_KEY_MIN)})
          >= ${float(MIN_SORT_KEY_GAP - SORT_KEY_GAP_SLACK)} as fits
      from found
    ),
    moved as (
      update ${projectContexts} set
        sort_key = ${shape.placement !== 'keep' ? keyBetween : sql`${projectContexts.sortKey}`},
        scope = ${value('scope')}::int, timeframe_span = ${value('span')}::int, timeframe_index = ${value('index')}::int,
        assigned_to_user_id = ${value('assigneeId')}::text
      from n
      where ${projectContexts.projectId} = ${value('projectId')}::text and ${projectContexts.itemId} = ${value('itemId')}::text
        and n.left_ok and n.right_ok and (${value('placeKey')}::boolean or ${value('assignmentChanged')}::boolean)
      returning ${projectContexts.sortKey} as sort_key, ${projectContexts.teamId} as team_id
    ),
    ${shape.events ? sql`${storeTeamEvents(value('eventsTeamId'), value('changes'))},` : sql``}
    logged as (
      insert into assignment_history
        (project_id, item_id, date_updated, scope, timeframe_span, timeframe_index, assigned_to_user_id)
      select ${value('projectId')}::text, ${value('itemId')}::text, ${value('now')}::timestamptz, ${value('scope')}::int,
        ${value('span')}::int, ${value('index')}::int, ${value('assigneeId')}::text
      from moved where ${value('assignmentChanged')}::boolean
      returning *
    )
    select n.left_ok, n.right_ok, n.fits, moved.sort_key is not null as written, moved.sort_key, moved.team_id,
      (select coalesce(json_agg(h order by h.id), '[]'::json) from (
        ${history} from assignment_history where project_id = ${value('projectId')}::text and item_id = ${value('itemId')}::text
        union all ${history} from logged
      ) as h) as history${shape.events ? sql`, (select count(*) from notified_events) as notified` : sql``}
    from n left join moved on true`,
);

export async function writeMove(db: Db, write: MoveWrite): Promise<MoveWritten> {
  const { projectId, itemId, target, placement, assignmentChanged, events } = write;
  const placeKey = placement.kind !== 'keep';
  const span = target.assignedTimeframe?.span ?? null;
  const index = target.assignedTimeframe?.index ?? null;
  const rows = await writeStatement<{
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
  }>(db, shapeOf(write), {
    projectId,
    itemId,
    scope: target.scope,
    span,
    index,
    assigneeId: write.assignedToUserId,
    placeKey,
    assignmentChanged,
    now: write.now.toISOString(),
    leftId: placement.kind === 'between' ? placement.leftId : null,
    rightId: placement.kind === 'between' ? placement.rightId : null,
    exactKey: placement.kind === 'between' ? (placement.sortKey ?? null) : null,
    eventsTeamId: events?.teamId ?? null,
    changes: events ? JSON.stringify(events.changes) : null,
  });
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
