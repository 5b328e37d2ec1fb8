/**
 * Moves in one call: `baton_move` (migrations 20261127115026_move_in_one_call,
 * 20261127145204_move_rebalances_in_one_call and 20261128180334_move_plans_cached) checks the session,
 * locks the project, checks the move, writes it with its history entry and live-board event
 * (reassigning the bucket's keys when it has no room), and answers the row with its history, in one
 * statement with nothing of Node's between the lock and the commit. `baton_move_many` runs several in
 * that statement, so they share one round trip and one commit (moveBatches.ts). A move answers null and
 * changes nothing whenever it is not plainly in order; the caller then runs the move's transaction
 * (services/plan.ts `moveItem`), which answers the error.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { rawStatement } from '../db/preparedStatements';
import { TEAM_EVENTS_CHANNEL } from './teamEvents';
import type { HistoryRow } from './assignmentHistory';
import type { ProjectContextRow } from '../db/schema';
import type { KeyedItem } from './projectContexts';
import type { PlanBucket } from '../../shared/timeframes';
import {
  MIN_SORT_KEY_GAP,
  SORT_KEY_DECIMALS,
  SORT_KEY_GAP_SLACK,
  SORT_KEY_MAX,
  SORT_KEY_MIN,
} from '../../shared/sortKeys';
import type { TeamEvent } from '../../shared/contract/events';
import { Span } from '../../shared/enums';

const value = sql.placeholder;

const movesStatement = rawStatement(
  () => sql`select baton_move_many(${value('moves')}::jsonb, ${SORT_KEY_MIN}::float8, ${SORT_KEY_MAX}::float8,
    ${MIN_SORT_KEY_GAP - SORT_KEY_GAP_SLACK}::float8, ${10 ** SORT_KEY_DECIMALS}::float8, ${TEAM_EVENTS_CHANNEL}::text) as moved`,
);

export interface MoveCall {
  /** The session (the SHA-256 of its cookie token): valid, not due its touch, with a team it is a member of. */
  sessionId: string;
  /** The session's last sign of use must be this recent (else it is due its touch, or has ended). */
  freshSince: Date;
  /** …and it must have started after this (its absolute lifetime). */
  bornAfter: Date;
  now: Date;
  projectId: string;
  itemId: string;
  /** The requested bucket; the item's own when absent. */
  target?: PlanBucket;
  /** The requested assignee; undefined keeps the item's. */
  assignee?: string | null;
  /** The order update's neighbours; absent: the item keeps its key in its bucket or goes to an edge of a new one. */
  neighbours?: { leftId: string | null; rightId: string | null };
  hint?: 'start' | 'end';
  /** The live board's events of the move (the active team's). */
  changes: readonly TeamEvent[];
}

export interface MoveCalled {
  teamId: string;
  linkId: string;
  externalId: string;
  row: ProjectContextRow;
  history: HistoryRow[];
  /** Every key of the target bucket, in board order, when it had no room and was reassigned. */
  rebalanced: KeyedItem[] | null;
}

interface Moved {
  teamId: string;
  linkId: string;
  externalId: string;
  sortKey: number;
  scope: number;
  span: number | null;
  index: number | null;
  assignedToUserId: string | null;
  rebalanced: KeyedItem[] | null;
  history: {
    id: number;
    date_ms: number;
    scope: number;
    timeframe_span: number | null;
    timeframe_index: number | null;
    assigned_to_user_id: string | null;
  }[];
}

/** One move as `baton_move_many` reads it. */
function movesArgument(call: MoveCall) {
  const { target } = call;
  const timeframe = target?.assignedTimeframe ?? null;
  return {
    sessionId: call.sessionId,
    freshSince: call.freshSince.toISOString(),
    bornAfter: call.bornAfter.toISOString(),
    now: call.now.toISOString(),
    projectId: call.projectId,
    itemId: call.itemId,
    toBucket: target !== undefined,
    scope: target?.scope ?? null,
    span: timeframe?.span ?? null,
    index: timeframe?.index ?? null,
    milestone: timeframe?.span === Span.Milestone ? timeframe.index : null,
    assigneeGiven: call.assignee !== undefined,
    assignee: call.assignee ?? null,
    ordered: call.neighbours !== undefined,
    leftId: call.neighbours?.leftId ?? null,
    rightId: call.neighbours?.rightId ?? null,
    hint: call.hint ?? null,
    changes: call.changes,
  };
}

function toMoveCalled(call: MoveCall, moved: Moved): MoveCalled {
  const { projectId, itemId } = call;
  return {
    teamId: moved.teamId,
    linkId: moved.linkId,
    externalId: moved.externalId,
    row: {
      projectId,
      itemId,
      teamId: moved.teamId,
      sortKey: moved.sortKey,
      scope: moved.scope,
      timeframeSpan: moved.span,
      timeframeIndex: moved.index,
      assignedToUserId: moved.assignedToUserId,
    },
    history: moved.history.map((entry) => ({
      id: Number(entry.id),
      projectId,
      itemId,
      dateUpdated: new Date(entry.date_ms),
      scope: entry.scope,
      timeframeSpan: entry.timeframe_span,
      timeframeIndex: entry.timeframe_index,
      assignedToUserId: entry.assigned_to_user_id,
    })),
    rebalanced: moved.rebalanced,
  };
}

/**
 * The moves done in one statement, in the order given, each answered in its place: null for one that
 * did nothing (its transaction must run instead). The caller orders them by project.
 */
export async function movesInOneCall(db: Db, calls: readonly MoveCall[]): Promise<(MoveCalled | null)[]> {
  const [result] = await movesStatement<{ moved: (Moved | null)[] }>(db, {
    moves: JSON.stringify(calls.map(movesArgument)),
  });
  const answers = result?.moved ?? [];
  return calls.map((call, i) => {
    const moved = answers[i];
    return moved ? toMoveCalled(call, moved) : null;
  });
}
