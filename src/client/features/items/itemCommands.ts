/** What the board asks for: thunks that check, then dispatch the optimistic requests the listeners send. */
import type { AppDispatch, RootState } from '../../app/store';
import { projectsApi } from '../../api/projects';
import { accountApi } from '../../api/account';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { quotaErrorRaised } from '../quota/quotaErrorSlice';
import { bucketKey, placementForMove, sameBucket, type PlanBucket } from '../../../shared/timeframes';
import { bucketOf, newTempId, type ItemFields } from './itemModel';
import {
  boardLoaded,
  boardLoadFailed,
  boardLoading,
  boardRefreshed,
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

/** Reads the project's whole board (spec §7 query, no filters: the board filters in place). */
export function loadBoard(projectId: string): Thunk<Promise<void>> {
  return async (dispatch) => {
    dispatch(boardLoading({ projectId }));
    const request = dispatch(projectsApi.endpoints.queryProjectItems.initiate({ projectId, body: {} }));
    try {
      const { items } = await request.unwrap();
      dispatch(boardLoaded({ projectId, items }));
    } catch (error) {
      dispatch(boardLoadFailed({ projectId, error: errorMessage(error) }));
    } finally {
      // The answer lives in the items slice; the mutation's copy of it is dropped.
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
      const { projectId, status, revision } = getState().items;
      if (!projectId || status !== 'ready') return;
      const request = dispatch(projectsApi.endpoints.queryProjectItems.initiate({ projectId, body: {} }));
      try {
        const { items } = await request.unwrap();
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
 * as many items as the plan allows (spec §5: the project-items quota error instead).
 */
export function createItem(input: NewItemInput): Thunk<string | null> {
  return (dispatch, getState) => {
    const state = getState();
    const projectId = state.items.projectId;
    const teamId = state.team.active?.id;
    if (!projectId || !teamId) return null;
    const max = selectMaxProjectItems(state);
    if (max !== null && state.items.ids.length >= max) {
      dispatch(quotaErrorRaised('project-items'));
      return null;
    }
    const tempId = newTempId();
    const request: CreateItemRequest = { ...input, projectId, teamId };
    dispatch(itemCreateRequested(request, tempId));
    return tempId;
  };
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
    if (sameBucket(from, to)) return false;
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
    if (!item || !items.projectId) return false;
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
