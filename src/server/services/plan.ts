/**
 * The plan of a project: where items sit (bucket = scope × timeframe), their order (sort keys, spec §4),
 * and the history of every assignment change. Every function here runs inside the caller's transaction,
 * after the caller has locked the project (lockTeamProject), so writes to one plan never interleave.
 */
import type { Db } from '../db/types';
import type { ProjectContextRow } from '../db/schema';
import {
  adjacentInBucket,
  bucketEnd,
  bucketKeys,
  bucketOf,
  contextsOfItems,
  findContext,
  findTeamContext,
  rebalanceBucket,
  setSortKeys,
  timeframeOf,
  type KeyedItem,
} from '../repositories/projectContexts';
import { historyOf, historyOfItems, type HistoryRow } from '../repositories/assignmentHistory';
import { findMembership } from '../repositories/teams';
import { lockForMove, writeMove, type KeyPlacement, type MoveWritten } from '../repositories/moves';
import { eventsToStore } from './teamEvents/announce';
import {
  appendedKeys,
  appendTransferredContexts,
  countInMilestones,
  unscheduleFromMilestones,
} from '../repositories/bulkPlacements';
import { invalidRequest, notFound } from '../errors';
import { sortKeysBetween } from '../../shared/sortKeys';
import {
  isScope,
  isSpan,
  placementForMove,
  sameBucket,
  type MilestoneLike,
  type PlanBucket,
} from '../../shared/timeframes';
import { Scope, Span } from '../../shared/enums';
import type {
  MoveRequest,
  OrderUpdate,
  ProjectContext,
  ProjectPlacement,
  RebalancedSortKeys,
  SortKeyResponse,
} from '../../shared/contract/items';

/** Where a new item starts before it moves to its requested assignment (spec §4). */
export const INITIAL_BUCKET: PlanBucket = { scope: Scope.OutOfScope, assignedTimeframe: null };

export type AssignmentState = PlanBucket & { assignedToUserId: string | null };

/** The two items placed items go between (null: the bucket's start or end). */
export interface Neighbours {
  after: KeyedItem | null;
  before: KeyedItem | null;
}

/** An item's place in a project without its history (board query and search). */
export function toProjectPlacement(row: ProjectContextRow): ProjectPlacement {
  return {
    projectId: row.projectId,
    sortKey: row.sortKey,
    scope: row.scope as Scope,
    assignedToUserId: row.assignedToUserId,
    assignedTimeframe: timeframeOf(row),
  };
}

export function toProjectContext(row: ProjectContextRow, history: readonly HistoryRow[]): ProjectContext {
  return {
    ...toProjectPlacement(row),
    assignmentHistory: history.map((entry) => ({
      dateUpdated: entry.dateUpdated.toISOString(),
      assignment: {
        scope: entry.scope as Scope,
        assignedTimeframe: timeframeOf(entry),
        assignedToUserId: entry.assignedToUserId,
      },
    })),
  };
}

/** An item's context in a project with its full history. */
export async function loadProjectContext(db: Db, projectId: string, itemId: string): Promise<ProjectContext> {
  const row = await findContext(db, projectId, itemId);
  if (!row) throw notFound('project context not found');
  return toProjectContext(row, await historyOf(db, projectId, itemId));
}

/** An item's context in a project of the team, history included; NotFound for anything of another team. */
export async function readProjectContext(
  db: Db,
  input: { teamId: string; projectId: string; itemId: string },
): Promise<ProjectContext> {
  const { teamId, projectId, itemId } = input;
  const found = await findTeamContext(db, teamId, projectId, itemId);
  if (!found) throw notFound('project context not found');
  return toProjectContext(found.context, await historyOf(db, projectId, itemId));
}

/** Several items' contexts in a project with their history, in two queries. */
export async function loadProjectContexts(
  db: Db,
  projectId: string,
  itemIds: readonly string[],
): Promise<Map<string, ProjectContext>> {
  const rows = await contextsOfItems(db, projectId, itemIds);
  const history = await historyOfItems(db, itemIds, projectId);
  const byItem = new Map<string, HistoryRow[]>();
  for (const entry of history) byItem.set(entry.itemId, [...(byItem.get(entry.itemId) ?? []), entry]);
  return new Map(rows.map((row) => [row.itemId, toProjectContext(row, byItem.get(row.itemId) ?? [])]));
}

/** Refuses unknown scopes and spans, and milestones the project does not define (InvalidRequest). */
export function checkBucket(bucket: PlanBucket, milestones: readonly MilestoneLike[], field: string) {
  if (!isScope(bucket.scope)) {
    throw invalidRequest(`${field}.scope ${String(bucket.scope)} is not a scope (in-scope 0, out-of-scope 1)`);
  }
  const timeframe = bucket.assignedTimeframe;
  if (timeframe === null) return;
  if (!isSpan(timeframe.span)) {
    throw invalidRequest(
      `${field}.assignedTimeframe.span ${String(timeframe.span)} is not a span (day 0, week 1, milestone 4)`,
    );
  }
  if (timeframe.span === Span.Milestone && !milestones.some((m) => m.index === timeframe.index)) {
    throw invalidRequest(`${field}.assignedTimeframe: this project has no milestone ${timeframe.index}`);
  }
}

/** Assignees must be members of the team. */
export async function checkAssignee(db: Db, teamId: string, userId: string | null, field: string) {
  if (userId === null) return;
  if (!(await findMembership(db, teamId, userId))) throw invalidRequest(`${field} is not a member of this team`);
}

/** Keys that put `count` items in order between two neighbours even when no rounded key fits. */
function provisionalKeys(after: number | null, before: number | null, count: number): number[] {
  return Array.from({ length: count }, (_, i) => {
    if (after !== null && before !== null) return after + ((before - after) * (i + 1)) / (count + 1);
    if (after !== null) return after + i + 1;
    if (before !== null) return before - (count - i);
    return i + 1;
  });
}

/**
 * Keys for `count` items between two adjacent neighbours: the midpoint rule (evenly spaced for several)
 * when they fit; otherwise provisional keys in the right place, and the bucket must be reassigned.
 */
function keysBetween(neighbours: Neighbours, count: number): { keys: number[]; fits: boolean } {
  const after = neighbours.after?.sortKey ?? null;
  const before = neighbours.before?.sortKey ?? null;
  const keys = sortKeysBetween(after, before, count);
  return keys ? { keys, fits: true } : { keys: provisionalKeys(after, before, count), fits: false };
}

/**
 * Gives `itemIds` (already in the bucket) keys between two adjacent neighbours, in the given order: the
 * midpoint rule for one item, evenly spaced for several. When there is no room (gap under 0.1) the items
 * get provisional keys in the right place and the whole bucket is reassigned; answers its new keys then.
 */
export async function placeBetween(
  db: Db,
  projectId: string,
  bucket: PlanBucket,
  itemIds: readonly string[],
  neighbours: Neighbours,
): Promise<KeyedItem[] | null> {
  const { keys, fits } = keysBetween(neighbours, itemIds.length);
  await setSortKeys(
    db,
    projectId,
    itemIds.map((id, i) => ({ id, sortKey: keys[i]! })),
  );
  return fits ? null : rebalanceBucket(db, projectId, bucket);
}

/** Neighbours at the start or the end of a bucket. */
export async function edgeOfBucket(
  db: Db,
  projectId: string,
  bucket: PlanBucket,
  edge: 'start' | 'end',
  exclude: readonly string[],
): Promise<Neighbours> {
  if (edge === 'start') {
    return { after: null, before: (await bucketEnd(db, projectId, bucket, 'first', exclude)) ?? null };
  }
  return { after: (await bucketEnd(db, projectId, bucket, 'last', exclude)) ?? null, before: null };
}

async function neighbourInBucket(
  db: Db,
  projectId: string,
  bucket: PlanBucket,
  neighbourId: string,
  movingIds: readonly string[],
  field: string,
): Promise<KeyedItem> {
  if (movingIds.includes(neighbourId)) throw invalidRequest(`${field} is the item being moved`);
  const row = await findContext(db, projectId, neighbourId);
  if (!row || !sameBucket(bucketOf(row), bucket)) throw invalidRequest(`${field} is not in the target bucket`);
  return { id: row.itemId, sortKey: row.sortKey };
}

/**
 * The real neighbours for an order update. Both named neighbours must be in the target bucket. The left
 * one anchors the item (it goes right after it, before whatever follows it now); with only a right one,
 * the item goes right before it; with neither, at the end. So a client working from a slightly stale
 * board still gets a key strictly between two adjacent items.
 */
export async function resolveOrderUpdate(
  db: Db,
  projectId: string,
  bucket: PlanBucket,
  movingIds: readonly string[],
  orderUpdate: OrderUpdate,
  field: string,
): Promise<Neighbours> {
  const { leftNeighborId, rightNeighborId } = orderUpdate;
  const left = leftNeighborId
    ? await neighbourInBucket(db, projectId, bucket, leftNeighborId, movingIds, `${field}.leftNeighborId`)
    : null;
  const right = rightNeighborId
    ? await neighbourInBucket(db, projectId, bucket, rightNeighborId, movingIds, `${field}.rightNeighborId`)
    : null;
  if (left) {
    return { after: left, before: (await adjacentInBucket(db, projectId, bucket, left, 'after', movingIds)) ?? null };
  }
  if (right) {
    return {
      after: (await adjacentInBucket(db, projectId, bucket, right, 'before', movingIds)) ?? null,
      before: right,
    };
  }
  return edgeOfBucket(db, projectId, bucket, 'end', movingIds);
}

/** Where a move puts the item's key: the order update's neighbours, an edge of a new bucket, or where it is. */
function keyPlacement(request: MoveRequest, currentBucket: PlanBucket, target: PlanBucket): KeyPlacement {
  if (request.orderUpdate) {
    const { leftNeighborId, rightNeighborId, sortKey } = request.orderUpdate;
    return {
      kind: 'between',
      leftId: leftNeighborId ?? null,
      rightId: rightNeighborId ?? null,
      ...(sortKey !== undefined ? { sortKey } : {}),
    };
  }
  if (sameBucket(currentBucket, target)) return { kind: 'keep' };
  return { kind: request.planBucketUpdateHint ?? placementForMove(currentBucket, target) };
}

/** The order update's neighbour errors, in the order the checks run: left before right. */
async function neighbourError(
  db: Db,
  projectId: string,
  target: PlanBucket,
  itemId: string,
  written: MoveWritten | null,
  placement: KeyPlacement,
) {
  if (placement.kind !== 'between') return null;
  const { leftId, rightId } = placement;
  if (leftId === itemId) return invalidRequest('orderUpdate.leftNeighborId is the item being moved');
  if (leftId && written && !written.leftInBucket) {
    return invalidRequest('orderUpdate.leftNeighborId is not in the target bucket');
  }
  if (rightId === itemId) {
    // Checked before the write; the left neighbour's own error still comes first.
    if (leftId) await neighbourInBucket(db, projectId, target, leftId, [itemId], 'orderUpdate.leftNeighborId');
    return invalidRequest('orderUpdate.rightNeighborId is the item being moved');
  }
  if (rightId && written && !written.rightInBucket) {
    return invalidRequest('orderUpdate.rightNeighborId is not in the target bucket');
  }
  return null;
}

/**
 * Moves an item (spec §3 "Move request"): to a new assignment, to a new place in its bucket, or both.
 * Two statements (repositories/moves.ts): the first locks the project, so concurrent moves in one
 * project queue and never get equal keys, and reads what the checks need; the second writes the key and
 * the assignment, appends the history entry (every assignment change has one; a pure reorder none) and
 * reads the history for the answer. A bucket with no room left is reassigned after them.
 */
export async function moveItem(
  db: Db,
  input: {
    teamId: string;
    projectId: string;
    itemId: string;
    request: MoveRequest;
    now: Date;
    /** The browser tab that asks (teamEvents/announce.ts). */
    origin?: string;
  },
): Promise<SortKeyResponse> {
  const { teamId, projectId, itemId, request, now } = input;
  // The live board's event, stored in the write's own statement.
  const events = eventsToStore({ teamId, origin: input.origin }, { kind: 'items', projectId, itemIds: [itemId] });
  const requested = request.newAssignment;
  const locked = await lockForMove(db, {
    teamId,
    projectId,
    itemId,
    assigneeId: requested?.assignedToUserId ?? null,
  });
  if (!locked) throw notFound('Project not found');
  const { context: current, linkId, externalId } = locked;
  if (!current || linkId === null || externalId === null) throw notFound('project context not found');
  const currentBucket = bucketOf(current);

  const target: PlanBucket = requested
    ? { scope: requested.scope, assignedTimeframe: requested.assignedTimeframe }
    : currentBucket;
  if (requested) checkBucket(target, locked.milestones, 'newAssignment');
  const assignee = requested?.assignedToUserId === undefined ? current.assignedToUserId : requested.assignedToUserId;
  const assignmentChanged = !sameBucket(currentBucket, target) || assignee !== current.assignedToUserId;
  if (assignee !== current.assignedToUserId && assignee !== null && !locked.assigneeIsMember) {
    throw invalidRequest('newAssignment.assignedToUserId is not a member of this team');
  }

  const placement = keyPlacement(request, currentBucket, target);
  const early = await neighbourError(db, projectId, target, itemId, null, placement);
  if (early) throw early;
  const written = await writeMove(db, {
    projectId,
    itemId,
    target,
    assignedToUserId: assignee,
    placement,
    assignmentChanged,
    now,
    events,
  });
  const late = await neighbourError(db, projectId, target, itemId, written, placement);
  if (late) throw late;

  let row = written.row ?? current;
  const rebalanced = written.fits ? null : await rebalanceBucket(db, projectId, target);
  const rebalancedKey = rebalanced?.find((entry) => entry.id === itemId)?.sortKey;
  if (rebalancedKey !== undefined) row = { ...row, sortKey: rebalancedKey };

  return {
    id: itemId,
    linkId,
    externalId,
    projectPlanContext: toProjectContext(row, written.history),
    ...(rebalanced ? { rebalancedSortKeys: rebalanced } : {}),
  };
}

/** The current keys of the given buckets, for answers after several placements reassigned buckets. */
export async function keysOfBuckets(
  db: Db,
  projectId: string,
  buckets: Iterable<PlanBucket>,
): Promise<RebalancedSortKeys> {
  const result: RebalancedSortKeys = [];
  for (const bucket of buckets) result.push(...(await bucketKeys(db, projectId, bucket)));
  return result;
}

/**
 * Adds every item of `fromProjectId` that is not already in `toProjectId` to the end of the target's
 * out-of-scope, unscheduled bucket, in the source's board order, with a history entry each: one
 * set-based statement (plus a reassignment of that bucket when the keys do not fit). Answers how many.
 */
export async function transferItems(
  db: Db,
  input: { fromProjectId: string; toProjectId: string; count: number; now: Date },
): Promise<number> {
  const { toProjectId, count } = input;
  if (count === 0) return 0;
  const target = INITIAL_BUCKET;
  const last = await bucketEnd(db, toProjectId, target, 'last', []);
  const keys = appendedKeys(last?.sortKey ?? null, count);
  await appendTransferredContexts(db, { ...input, scope: target.scope, keyAt: keys.keyAt });
  if (keys.rebalance) await rebalanceBucket(db, toProjectId, target);
  return count;
}

/**
 * Items assigned to milestones that no longer exist become unscheduled in their scope, appended in
 * milestone and board order, each with a history entry. Answers how many moved.
 */
export async function unscheduleMilestones(
  db: Db,
  input: { projectId: string; milestoneIndexes: readonly number[]; now: Date },
): Promise<number> {
  const { projectId, milestoneIndexes, now } = input;
  if (milestoneIndexes.length === 0) return 0;
  let moved = 0;
  for (const scope of [Scope.InScope, Scope.OutOfScope]) {
    const count = await countInMilestones(db, { projectId, scope, milestoneIndexes });
    if (count === 0) continue;
    const target: PlanBucket = { scope, assignedTimeframe: null };
    const last = await bucketEnd(db, projectId, target, 'last', []);
    const keys = appendedKeys(last?.sortKey ?? null, count);
    await unscheduleFromMilestones(db, { projectId, scope, milestoneIndexes, now, keyAt: keys.keyAt });
    if (keys.rebalance) await rebalanceBucket(db, projectId, target);
    moved += count;
  }
  return moved;
}
