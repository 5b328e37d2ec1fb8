/**
 * Sends the board's optimistic changes to the server and settles them (spec §4):
 * - updates to one item (fields, completion, delete) run one after another per item id;
 * - project-context changes (creates and moves) run one after another per project;
 * - anything about an item that still has a temporary id waits for its server id;
 * - a failure rolls back exactly what the failed call changed.
 * The whole item the panel shows (getProjectItem) takes each write at once and is read again once
 * the item has no write in flight, so the panel ends on what the server saved.
 */
import type { AppStartListening } from '../../app/listeners';
import type { RootState } from '../../app/store';
import { itemsApi } from '../../api/items';
import type { CreateDemoApiArg, CreateGoToMarketItemApiArg, CreateImplementationApiArg } from '../../api/items.gen';
import { projectsApi } from '../../api/projects';
import { envelopeOf, errorMessage } from '../../api/envelopeBaseQuery';
import { quotaErrorRaised } from '../quota/quotaErrorSlice';
import { noticeShown } from '../board/boardSlice';
import { bucketKey, sameBucket } from '../../../shared/timeframes';
import { ItemType } from '../../../shared/enums';
import { displayTitle } from '../../../shared/displayTitle';
import { KeyedQueue } from './keyedQueue';
import { boardFieldsOf, bucketOf, isTempId, type BoardItem, type ItemFields } from './itemModel';
import {
  completionToggled,
  currentId,
  itemCreateConfirmed,
  itemCreateFailed,
  itemCreateRequested,
  itemDeleteRequested,
  itemDeleteSettled,
  itemHandedOff,
  itemMoveConfirmed,
  itemMoveFailed,
  itemMoveRequested,
  itemOf,
  itemRestoreFailed,
  itemRestoreRequested,
  itemUpdateRequested,
  itemUpdateSettled,
} from './itemsSlice';
import { itemEditConflicted, ownVersionWritten, versionAfterOwnWrites } from './itemEditsSlice';
import { conflictingRecord, fieldsChangedByOthers } from '../../api/conflicts';
import { bulkIdOf, bulkPartSettled, NOT_ON_BOARD } from './bulkParts';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

interface Queues {
  /** Keyed by the id an item was born with, so its temporary and server ids share one queue. */
  items: KeyedQueue;
  projects: KeyedQueue;
  /** Settings edits, by what they edit: a project's id, or the team's id. */
  settings: KeyedQueue;
}

/**
 * One set of queues per store (tests build many stores on one listener middleware), keyed by the
 * store's getState, which the listener API hands on unchanged.
 */
const queuesByStore = new WeakMap<object, Queues>();
export function queuesOf(getState: object): Queues {
  let queues = queuesByStore.get(getState);
  if (!queues) {
    queues = { items: new KeyedQueue(), projects: new KeyedQueue(), settings: new KeyedQueue() };
    queuesByStore.set(getState, queues);
  }
  return queues;
}

/** Resolves once every queued call of a store has settled (tests, benchmarks): pass `store.getState`. */
export function itemQueuesIdle(getState: object): Promise<void> {
  const queues = queuesOf(getState);
  return Promise.all([queues.items.idle(), queues.projects.idle(), queues.settings.idle()]).then(() => undefined);
}

/** The server id of an item: at once for a known id, after its create for a temporary one; null if that failed. */
async function serverIdOf(id: string | null | undefined, listenerApi: ListenerApi): Promise<string | null> {
  if (!id) return null;
  if (!isTempId(id)) return id;
  const resolved = (state: RootState) => state.items.resolvedTempIds[id];
  if (resolved(listenerApi.getState()) === undefined) {
    await listenerApi.condition((_action, state) => resolved(state) !== undefined);
  }
  return resolved(listenerApi.getState()) ?? null;
}

/** Dispatches one call, answers its data, and drops the call's cache entry (the slices keep what matters). */
async function call<T>(request: { unwrap(): Promise<T>; reset(): void }): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.reset();
  }
}

/**
 * An item's neighbours in a bucket. `whenSent`: those the server holds once this move is sent, so
 * items whose own move or create is queued behind it are skipped.
 */
function neighboursAt(state: RootState, key: string, id: string, whenSent = false) {
  const { bucketIds, pendingMoves, resolvedTempIds } = state.items;
  const list = (bucketIds[key] ?? []).filter(
    (other) =>
      !whenSent || other === id || (!pendingMoves[other] && !(isTempId(other) && resolvedTempIds[other] === undefined)),
  );
  const at = list.indexOf(id);
  return { left: at > 0 ? list[at - 1]! : null, right: at >= 0 ? (list[at + 1] ?? null) : null };
}

function label(item: Pick<BoardItem, 'externalId' | 'description'> | undefined): string {
  if (!item) return 'the item';
  return item.externalId || `“${displayTitle(item.description)}”`;
}

/** Keeps a refused edit for the panel to re-apply, and tells the user (the panel may be closed). */
function keepConflict(
  listenerApi: ListenerApi,
  id: string,
  patch: ItemFields,
  clashing: (keyof ItemFields)[],
  current: Record<string, unknown>,
) {
  const externalId = String(current.externalId ?? '');
  const theirs = Object.fromEntries(clashing.map((key) => [key, current[key] ?? null])) as ItemFields;
  listenerApi.dispatch(itemEditConflicted({ id, externalId, mine: patch, theirs }));
  listenerApi.dispatch(
    noticeShown(
      'error',
      `Someone else changed ${externalId} while you were editing it. Your text is kept: open ${externalId} to compare and save again.`,
    ),
  );
}

function fail(listenerApi: ListenerApi, what: string, error: unknown) {
  listenerApi.dispatch(noticeShown('error', `Couldn’t ${what}: ${errorMessage(error)}`));
}

/**
 * The end of a move, completion, delete or restore: a part of a bulk action reports to it (which tells
 * the user once for all its parts); a request of its own says what failed, if `what` names it (an item
 * that is gone ends quietly).
 */
function settle(listenerApi: ListenerApi, action: unknown, itemId: string, error?: unknown, what?: string) {
  const bulkId = bulkIdOf(action);
  if (bulkId !== undefined) {
    const reason = error === undefined ? null : error === NOT_ON_BOARD ? error : errorMessage(error);
    listenerApi.dispatch(bulkPartSettled({ bulkId, itemId, error: reason }));
  } else if (what) {
    fail(listenerApi, what, error);
  }
}

/** Applies a write to the panel's copy of the whole item, when one is loaded. */
function patchWholeItem(listenerApi: ListenerApi, id: string, patch: ItemFields) {
  listenerApi.dispatch(
    itemsApi.util.updateQueryData('getProjectItem', id, (item) => {
      Object.assign(item, patch);
    }),
  );
}

/** Once an item has no write in flight, the panel's copy is read again: it then shows what was saved. */
function refreshWholeItemWhenSettled(listenerApi: ListenerApi, id: string) {
  if (!listenerApi.getState().items.pendingUpdates[id]) {
    listenerApi.dispatch(itemsApi.util.invalidateTags([{ type: 'Item', id }]));
  }
}

export function registerItemsListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: itemHandedOff,
    effect: (action, listenerApi) => {
      const { id, codingAgentUrl, workflowStatus } = action.payload;
      patchWholeItem(listenerApi, id, {
        ...(codingAgentUrl !== undefined ? { codingAgentUrl } : {}),
        workflowStatus: workflowStatus as ItemFields['workflowStatus'],
      });
    },
  });

  startListening({
    actionCreator: itemCreateRequested,
    effect: async (action, listenerApi) => {
      const { tempId, projectId, itemType, item, bucket, assignedToUserId } = action.payload;
      // The neighbours the user saw, taken before anything else can change the bucket.
      const { left, right } = neighboursAt(listenerApi.getState(), bucketKey(bucket), tempId);
      const queues = queuesOf(listenerApi.getState);
      await queues.projects.run(projectId, async () => {
        const [leftNeighborId, rightNeighborId] = await Promise.all([
          serverIdOf(left, listenerApi),
          serverIdOf(right, listenerApi),
        ]);
        const arg = {
          projectId,
          project: {
            scope: bucket.scope,
            assignedTimeframe: bucket.assignedTimeframe,
            ...(assignedToUserId !== undefined ? { assignedToUserId } : {}),
            ...(leftNeighborId || rightNeighborId ? { orderUpdate: { leftNeighborId, rightNeighborId } } : {}),
          },
          item,
        };
        const endpoints = itemsApi.endpoints;
        try {
          const created = await call(
            itemType === ItemType.Demo
              ? listenerApi.dispatch(endpoints.createDemo.initiate(arg as CreateDemoApiArg))
              : itemType === ItemType.Implementation
                ? listenerApi.dispatch(endpoints.createImplementation.initiate(arg as CreateImplementationApiArg))
                : listenerApi.dispatch(endpoints.createGoToMarketItem.initiate(arg as CreateGoToMarketItemApiArg)),
          );
          queues.items.alias(created.id, tempId);
          listenerApi.dispatch(
            itemCreateConfirmed({
              tempId,
              id: created.id,
              linkId: created.linkId,
              externalId: created.externalId,
              plan: created.projectPlanContext,
              rebalancedSortKeys: created.rebalancedSortKeys,
            }),
          );
        } catch (error) {
          listenerApi.dispatch(itemCreateFailed({ tempId }));
          const envelope = envelopeOf(error);
          if (envelope?.result === 'QuotaLimit') {
            listenerApi.dispatch(
              quotaErrorRaised((envelope.data as { quotaKind?: string } | undefined)?.quotaKind ?? 'project-items'),
            );
          } else {
            fail(listenerApi, `add “${displayTitle(item.description)}”`, error);
          }
        }
      });
    },
  });

  startListening({
    actionCreator: itemUpdateRequested,
    effect: async (action, listenerApi) => {
      const { id, patch, projectId, requestId, base } = action.payload;
      const state = listenerApi.getState();
      const itemType = itemOf(state.items, currentId(state.items, id))?.itemType;
      patchWholeItem(listenerApi, currentId(state.items, id), patch);
      await queuesOf(listenerApi.getState).items.run(id, async () => {
        const serverId = await serverIdOf(id, listenerApi);
        if (!serverId || itemType === undefined) return;
        const endpoints = itemsApi.endpoints;
        const send = (version: number | undefined) => {
          const arg = { id: serverId, body: { projectId, item: patch as never, ...(version ? { version } : {}) } };
          return call(
            itemType === ItemType.Demo
              ? listenerApi.dispatch(endpoints.updateDemo.initiate(arg))
              : itemType === ItemType.Implementation
                ? listenerApi.dispatch(endpoints.updateImplementation.initiate(arg))
                : listenerApi.dispatch(endpoints.updateGoToMarketItem.initiate(arg)),
          );
        };
        try {
          const version = base && versionAfterOwnWrites(listenerApi.getState().itemEdits, serverId, base.version);
          let answer;
          try {
            answer = await send(version);
          } catch (error) {
            const current = conflictingRecord(error);
            if (!current || !base) throw error;
            const clashing = fieldsChangedByOthers(Object.keys(patch) as (keyof ItemFields)[], base.values, current);
            if (clashing.length > 0) {
              // The card shows what the server holds; the user's text waits in the conflict.
              const serverFields = boardFieldsOf(current as ItemFields);
              listenerApi.dispatch(itemUpdateSettled({ id: serverId, requestId, ok: true, serverFields }));
              keepConflict(listenerApi, serverId, patch, clashing, current);
              refreshWholeItemWhenSettled(listenerApi, serverId);
              return;
            }
            // Someone else changed other fields: this edit applies on top of theirs.
            answer = await send(current.version);
          }
          listenerApi.dispatch(ownVersionWritten({ id: serverId, version: answer.version }));
          listenerApi.dispatch(itemUpdateSettled({ id: serverId, requestId, ok: true }));
        } catch (error) {
          listenerApi.dispatch(itemUpdateSettled({ id: serverId, requestId, ok: false }));
          fail(listenerApi, `save ${label(itemOf(listenerApi.getState().items, serverId))}`, error);
        }
        refreshWholeItemWhenSettled(listenerApi, serverId);
      });
    },
  });

  startListening({
    actionCreator: completionToggled,
    effect: async (action, listenerApi) => {
      const { id, markComplete, requestId } = action.payload;
      await queuesOf(listenerApi.getState).items.run(id, async () => {
        const serverId = await serverIdOf(id, listenerApi);
        if (!serverId) return settle(listenerApi, action, id, NOT_ON_BOARD);
        try {
          const answer = await call(
            listenerApi.dispatch(
              itemsApi.endpoints.completeProjectItem.initiate({ id: serverId, body: { markComplete } }),
            ),
          );
          const serverFields = { completionDate: answer.completionDate };
          listenerApi.dispatch(ownVersionWritten({ id: serverId, version: answer.version }));
          listenerApi.dispatch(itemUpdateSettled({ id: serverId, requestId, ok: true, serverFields }));
          settle(listenerApi, action, id);
        } catch (error) {
          listenerApi.dispatch(itemUpdateSettled({ id: serverId, requestId, ok: false }));
          const what = markComplete ? 'complete' : 'reopen';
          settle(listenerApi, action, id, error, `${what} ${label(itemOf(listenerApi.getState().items, serverId))}`);
        }
        refreshWholeItemWhenSettled(listenerApi, serverId);
      });
    },
  });

  startListening({
    actionCreator: itemDeleteRequested,
    effect: async (action, listenerApi) => {
      const { id, projectId } = action.payload;
      const before = listenerApi.getOriginalState().items;
      const item = itemOf(before, currentId(before, id));
      if (!item) return settle(listenerApi, action, id, NOT_ON_BOARD);
      const index = (before.bucketIds[bucketKey(bucketOf(item))] ?? []).indexOf(item.id);
      await queuesOf(listenerApi.getState).items.run(id, async () => {
        const serverId = await serverIdOf(item.id, listenerApi);
        // Its create failed: there is nothing on the server to delete.
        if (!serverId) return settle(listenerApi, action, id);
        const body = {
          projectId,
          project: item.plan,
          item: { id: serverId, itemType: item.itemType, externalId: item.externalId },
        };
        try {
          await call(listenerApi.dispatch(itemsApi.endpoints.deleteProjectItem.initiate({ id: serverId, body })));
          listenerApi.dispatch(itemDeleteSettled({ ok: true, item, index }));
          settle(listenerApi, action, id);
        } catch (error) {
          listenerApi.dispatch(itemDeleteSettled({ ok: false, item, index }));
          settle(listenerApi, action, id, error, `delete ${label(item)}`);
        }
      });
    },
  });

  startListening({
    actionCreator: itemRestoreRequested,
    effect: async (action, listenerApi) => {
      const { projectId, item } = action.payload;
      await queuesOf(listenerApi.getState).items.run(item.id, async () => {
        try {
          const answer = await call(
            listenerApi.dispatch(itemsApi.endpoints.restoreProjectItem.initiate({ id: item.id, body: { projectId } })),
          );
          listenerApi.dispatch(
            itemMoveConfirmed({
              id: item.id,
              plan: answer.projectPlanContext,
              rebalancedSortKeys: answer.rebalancedSortKeys,
            }),
          );
          settle(listenerApi, action, item.id);
        } catch (error) {
          listenerApi.dispatch(itemRestoreFailed({ id: item.id }));
          settle(listenerApi, action, item.id, error, `restore ${label(item)}`);
        }
      });
    },
  });

  startListening({
    actionCreator: itemMoveRequested,
    effect: async (action, listenerApi) => {
      const { projectId, to, assignedToUserId } = action.payload;
      const before = listenerApi.getOriginalState().items;
      const id = currentId(before, action.payload.id);
      const item = itemOf(before, id);
      if (!item) return settle(listenerApi, action, action.payload.id, NOT_ON_BOARD);
      const from = bucketOf(item);
      const previousIndex = (before.bucketIds[bucketKey(from)] ?? []).indexOf(id);
      const previous = item.plan;
      const bucketChanged = !sameBucket(from, to);
      const assigneeChanged = assignedToUserId !== undefined && assignedToUserId !== previous.assignedToUserId;
      const { sortKey } = action.payload;
      const reordered = bucketChanged || action.payload.index !== previousIndex || sortKey !== undefined;
      const seen = neighboursAt(listenerApi.getState(), bucketKey(to), id);

      await queuesOf(listenerApi.getState).projects.run(projectId, async () => {
        // A bulk move's parts sit next to each other: their neighbours are taken when each is sent, so a
        // part is never asked to sit beside one that is not there yet, or that failed and went back.
        const { left, right } =
          bulkIdOf(action) === undefined ? seen : neighboursAt(listenerApi.getState(), bucketKey(to), id, true);
        const [itemId, leftNeighborId, rightNeighborId] = await Promise.all([
          serverIdOf(id, listenerApi),
          serverIdOf(left, listenerApi),
          serverIdOf(right, listenerApi),
        ]);
        if (!itemId) return settle(listenerApi, action, action.payload.id, NOT_ON_BOARD);
        const body = {
          ...(bucketChanged || assigneeChanged
            ? {
                newAssignment: {
                  scope: to.scope,
                  assignedTimeframe: to.assignedTimeframe,
                  ...(assigneeChanged ? { assignedToUserId } : {}),
                },
              }
            : {}),
          ...(reordered
            ? { orderUpdate: { leftNeighborId, rightNeighborId, ...(sortKey !== undefined ? { sortKey } : {}) } }
            : {}),
        };
        try {
          const answer = await call(
            listenerApi.dispatch(projectsApi.endpoints.moveProjectItem.initiate({ projectId, itemId, body })),
          );
          listenerApi.dispatch(
            itemMoveConfirmed({
              id: itemId,
              plan: answer.projectPlanContext,
              rebalancedSortKeys: answer.rebalancedSortKeys,
            }),
          );
          settle(listenerApi, action, action.payload.id);
        } catch (error) {
          listenerApi.dispatch(itemMoveFailed({ id: itemId, previous, index: previousIndex }));
          settle(listenerApi, action, action.payload.id, error, `move ${label(item)}`);
        }
      });
    },
  });
}
