/** What the board asks for: thunks that check, then dispatch the optimistic requests the listeners send. */
import type { AppDispatch, RootState } from '../../app/store';
import { projectsApi } from '../../api/projects';
import { accountApi } from '../../api/account';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { quotaErrorRaised } from '../quota/quotaErrorSlice';
import { noticeShown } from '../board/boardSlice';
import { bucketKey, placementForMove, sameBucket, type PlanBucket } from '../../../shared/timeframes';
import { boardItemsOfColumns } from '../../../shared/boardColumns';
import { bucketOf, newTempId, type ItemFields } from './itemModel';
import {
  boardChangeMissed,
  boardCompleted,
  boardLoaded,
  boardLoadFailed,
  boardLoading,
  boardRefreshed,
  boardRestFailed,
  boardItemCount,
  boardRestRetried,
  bucketLoaded,
  currentId,
  itemCreateRequested,
  itemOf,
  itemMoveRequested,
  type CreateItemRequest,
} from './itemsSlice';

type Thunk<T> = (dispatch: AppDispatch, getState: () => RootState) => T;

/** The account's item limit per project, once the subscription has been read; null while unknown. */
export function selectMaxProjectItems(state: RootState): number | null {
  return accountApi.endpoints.getSubscription.select()(state).data?.entitlements.maxProjectItems ?? null;
}

/** Items per bucket in the board's first read: more than a column shows (a column is virtualised). */
export const HEAD_PER_BUCKET = 40;

const readPart = (dispatch: AppDispatch, projectId: string, part: 'head' | 'rest') =>
  dispatch(
    projectsApi.endpoints.queryProjectItems.initiate({
      projectId,
      body: { bucketPage: { part, perBucket: HEAD_PER_BUCKET } },
    }),
  );

type PartRequest = ReturnType<typeof readPart>;

/** A part's items, read back from its columns once, with what it says of the board. */
async function partOf(request: PartRequest) {
  const answer = await request.unwrap();
  if (!('columns' in answer)) throw new Error('The board answered a part without its columns.');
  const { columns, bucketTotals, latestEventId } = answer;
  return { items: boardItemsOfColumns(columns), bucketTotals: bucketTotals ?? [], latestEventId };
}

/**
 * Reads the project's whole board (spec §7 query, no filters: the board filters in place) in two
 * parts: the head (each bucket's first items) shows the board, the rest completes it. The rest is asked
 * for once the head is in, so the two never compete for the database (PGlite runs one query at a time,
 * on the server's own thread) or for the answer's parse; a head that holds every bucket whole is the
 * whole board. Resolves once both are in (or failed).
 */
export function loadBoard(projectId: string): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    dispatch(boardLoading({ projectId }));
    const head = readPart(dispatch, projectId, 'head');
    try {
      const { items, bucketTotals, latestEventId } = await partOf(head);
      dispatch(boardLoaded({ projectId, items, bucketTotals, latestEventId }));
    } catch (error) {
      dispatch(boardLoadFailed({ projectId, error: errorMessage(error) }));
      return;
    } finally {
      // The answer lives in the items slice; the mutation's copy of it is dropped.
      head.reset();
    }
    const { unloadedCounts, changeMissed } = getState().items;
    if (Object.keys(unloadedCounts).length === 0) {
      dispatch(boardCompleted({ projectId, items: [] }));
      if (changeMissed) await dispatch(refreshBoard());
      return;
    }
    await dispatch(completeBoard(projectId, readPart(dispatch, projectId, 'rest')));
  };
}

/** Reads the rest of the board again after it failed; the head stays shown meanwhile. */
export function retryBoardRest(): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { projectId, status, complete } = getState().items;
    if (!projectId || status !== 'ready' || complete) return;
    dispatch(boardRestRetried({ projectId }));
    await dispatch(completeBoard(projectId, readPart(dispatch, projectId, 'rest')));
  };
}

/**
 * Merges the rest into the shown head. It is read again when the two parts were read at different
 * events, or when a change was heard meanwhile (refreshBoard waits for the complete board).
 */
function completeBoard(projectId: string, request: PartRequest): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    try {
      const { items, latestEventId } = await partOf(request);
      const { headEventId, changeMissed } = getState().items;
      dispatch(boardCompleted({ projectId, items }));
      const after = getState().items;
      // Merged (not dropped because another load or project took over): read again if it may be stale.
      if (
        after.projectId === projectId &&
        after.complete &&
        (changeMissed || latestEventId === undefined || latestEventId !== headEventId)
      ) {
        await dispatch(refreshBoard());
      }
    } catch (error) {
      dispatch(boardRestFailed({ projectId, error: errorMessage(error) }));
    } finally {
      request.reset();
    }
  };
}

/**
 * Reads the shown board again after a change elsewhere and merges it (boardRefreshed). When one of
 * this browser's writes was answered meanwhile the answer may predate it: it is read once more.
 */
export function refreshBoard(): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { projectId, status, revision, complete, restError } = getState().items;
      // Loading: the board is read again once complete (completeBoard). A failed rest is read whole here.
      if (status === 'loading' || (status === 'ready' && !complete && restError === null)) {
        dispatch(boardChangeMissed());
        return;
      }
      if (!projectId || status !== 'ready') return;
      const request = dispatch(projectsApi.endpoints.queryProjectItems.initiate({ projectId, body: {} }));
      try {
        const answer = await request.unwrap();
        const items = 'items' in answer ? answer.items : boardItemsOfColumns(answer.columns);
        dispatch(boardRefreshed({ projectId, revision, items }));
        if (getState().items.revision === revision) return;
      } catch {
        return; // the board stays as it is; the next event or a reconnect reads it again
      } finally {
        request.reset();
      }
    }
  };
}

export interface NewItemInput {
  itemType: number;
  item: ItemFields;
  bucket: PlanBucket;
  index?: number;
  assignedToUserId?: string | null;
}

/**
 * Creates an item optimistically and answers its temporary id, or null when the project already holds
 * as many items as the plan allows (spec §5: the project-items quota error instead), or when the place
 * asked for is past a bucket's first while that bucket's rest is not loaded.
 */
export function createItem(input: NewItemInput): Thunk<string | null> {
  return (dispatch, getState) => {
    const state = getState();
    const projectId = state.items.projectId;
    const teamId = state.team.active?.id;
    if (!projectId || !teamId) return null;
    const max = selectMaxProjectItems(state);
    if (max !== null && boardItemCount(state.items) >= max) {
      dispatch(quotaErrorRaised('project-items'));
      return null;
    }
    // Beyond a bucket's first place its neighbours may not be loaded yet (the board's rest).
    if ((input.index ?? 0) > 0 && !bucketReady(dispatch, state.items, input.bucket)) return null;
    const tempId = newTempId();
    const request: CreateItemRequest = { ...input, projectId, teamId };
    dispatch(itemCreateRequested(request, tempId));
    return tempId;
  };
}

export const BUCKET_LOADING_MESSAGE = 'This column is still loading. Try again in a moment.';

/** Whether the bucket's every item is here, so a place in it can be computed; else says why not. */
function bucketReady(dispatch: AppDispatch, items: RootState['items'], bucket: PlanBucket): boolean {
  if (bucketLoaded(items, bucketKey(bucket))) return true;
  dispatch(noticeShown('info', BUCKET_LOADING_MESSAGE));
  return false;
}

/**
 * "Move to…": another bucket without a chosen place puts the item at the start of an earlier bucket
 * or the end of a later one (spec §4). Moving to its own bucket changes nothing.
 */
export function moveItemToBucket(id: string, to: PlanBucket): Thunk<boolean> {
  return (dispatch, getState) => {
    const items = getState().items;
    const item = itemOf(items, currentId(items, id));
    if (!item || !items.projectId) return false;
    const from = bucketOf(item);
    if (sameBucket(from, to) || !bucketReady(dispatch, items, to)) return false;
    const targetLength = items.bucketIds[bucketKey(to)]?.length ?? 0;
    const index = placementForMove(from, to) === 'start' ? 0 : targetLength;
    dispatch(itemMoveRequested({ projectId: items.projectId, id: item.id, to, index }));
    return true;
  };
}

/** Moves an item up (-1) or down (+1) inside its bucket; false at either end. */
export function moveItemBy(id: string, delta: -1 | 1): Thunk<boolean> {
  return (dispatch, getState) => {
    const items = getState().items;
    const item = itemOf(items, currentId(items, id));
    if (!item || !items.projectId) return false;
    const bucket = bucketOf(item);
    if (!bucketReady(dispatch, items, bucket)) return false;
    const list = items.bucketIds[bucketKey(bucket)] ?? [];
    const at = list.indexOf(item.id);
    const index = at + delta;
    if (at < 0 || index < 0 || index >= list.length) return false;
    dispatch(itemMoveRequested({ projectId: items.projectId, id: item.id, to: bucket, index }));
    return true;
  };
}

/** Moves an item to a given place: `index` counts the target bucket's items without this one. */
export function moveItemTo(id: string, to: PlanBucket, index: number): Thunk<boolean> {
  return (dispatch, getState) => {
    const items = getState().items;
    const item = itemOf(items, currentId(items, id));
    if (!item || !items.projectId || !bucketReady(dispatch, items, to)) return false;
    const list = items.bucketIds[bucketKey(to)] ?? [];
    const sameList = sameBucket(bucketOf(item), to);
    if (sameList && list.indexOf(item.id) === index) return false;
    dispatch(itemMoveRequested({ projectId: items.projectId, id: item.id, to, index }));
    return true;
  };
}

/** Sets (or clears) an item's assignee: an assignment change, so it goes through the project's queue. */
export function assignItem(id: string, assignedToUserId: string | null): Thunk<boolean> {
  return (dispatch, getState) => {
    const items = getState().items;
    const item = itemOf(items, currentId(items, id));
    if (!item || !items.projectId || item.plan.assignedToUserId === assignedToUserId) return false;
    const bucket = bucketOf(item);
    const index = (items.bucketIds[bucketKey(bucket)] ?? []).indexOf(item.id);
    dispatch(itemMoveRequested({ projectId: items.projectId, id: item.id, to: bucket, index, assignedToUserId }));
    return true;
  };
}
