/**
 * A move (spec §3 "Move request") in one database call when it is plainly in order (repositories/moveCall.ts),
 * with the other moves that arrive with it (repositories/moveBatches.ts); null when the call did nothing,
 * and the move's transaction (plan.ts `moveItem`) must run: it answers every error in the spec's order.
 */
import type { MoveBatches } from '../repositories/moveBatches';
import { tagged } from './teamEvents/announce';
import { toProjectContext } from './plan';
import { isScope, isSpan } from '../../shared/timeframes';
import type { MoveRequest, SortKeyResponse } from '../../shared/contract/items';

/** Whether a request needs the transaction: it fails a check that needs no database, or asks for an exact key. */
function failsPlainChecks(itemId: string, request: MoveRequest): boolean {
  const requested = request.newAssignment;
  if (requested && !isScope(requested.scope)) return true;
  if (requested?.assignedTimeframe && !isSpan(requested.assignedTimeframe.span)) return true;
  const order = request.orderUpdate;
  if (order?.sortKey !== undefined) return true; // an exact key (Undo) is checked and kept by the transaction
  return order?.leftNeighborId === itemId || order?.rightNeighborId === itemId;
}

export async function moveItemInOneCall(
  moves: MoveBatches,
  input: {
    session: { id: string; freshSince: Date; bornAfter: Date };
    projectId: string;
    itemId: string;
    request: MoveRequest;
    now: Date;
    /** The browser tab that asks (teamEvents/announce.ts). */
    origin?: string;
  },
): Promise<SortKeyResponse | null> {
  const { projectId, itemId, request } = input;
  if (failsPlainChecks(itemId, request)) return null;
  const requested = request.newAssignment;
  const order = request.orderUpdate;
  const moved = await moves.move({
    sessionId: input.session.id,
    freshSince: input.session.freshSince,
    bornAfter: input.session.bornAfter,
    now: input.now,
    projectId,
    itemId,
    ...(requested ? { target: { scope: requested.scope, assignedTimeframe: requested.assignedTimeframe } } : {}),
    ...(requested?.assignedToUserId !== undefined ? { assignee: requested.assignedToUserId } : {}),
    ...(order ? { neighbours: { leftId: order.leftNeighborId ?? null, rightId: order.rightNeighborId ?? null } } : {}),
    ...(request.planBucketUpdateHint ? { hint: request.planBucketUpdateHint } : {}),
    changes: tagged({ origin: input.origin }, [{ kind: 'items', projectId, itemIds: [itemId] }]),
  });
  if (!moved) return null;
  return {
    id: itemId,
    linkId: moved.linkId,
    externalId: moved.externalId,
    projectPlanContext: toProjectContext(moved.row, moved.history),
    ...(moved.rebalanced ? { rebalancedSortKeys: moved.rebalanced } : {}),
  };
}
