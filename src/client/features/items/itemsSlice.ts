/**
 * The items of the board's project, normalised (by id, in shards: itemShards.ts), with each bucket's
 * ordered ids kept beside them so a move touches only the two buckets, the item involved and its shard. Reducers apply the
 * optimistic part of every change at once; the items listeners call the server and settle it.
 */
import { createAction, createSlice, current, isDraft, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { BucketTotal, RebalancedSortKeys } from '../../../shared/contract/items';
import { compareSortKeys, sortKeyBetween } from '../../../shared/sortKeys';
import { bucketKey, sameBucket, type PlanBucket } from '../../../shared/timeframes';
import { sessionEnded } from '../session/sessionEnded';
import { projectsApi } from '../../api/projects';
import {
  boardFieldsOf,
  bucketOf,
  isTempId,
  placementOf,
  toBoardItem,
  type BoardFields,
  type BoardItem,
  type BoardItemAnswer,
  type ItemFields,
  type ProjectPlacement,
} from './itemModel';
import { allItemsIn, itemIn, shardOf, shardsOf, type ItemShards } from './itemShards';

/** switching: the active project is being changed; the board loads once the server has agreed. */
export type BoardStatus = 'idle' | 'switching' | 'loading' | 'ready' | 'failed';

/** Only the board's fields are tracked: the item panel reads the whole item again once writes settle. */
interface PendingUpdates {
  /** Each touched field's value before the first pending patch: what the server holds. */
  confirmed: BoardFields;
  patches: { requestId: string; patch: BoardFields }[];
}

export interface ItemsState {
  /** Every item's id, in the order items arrived. */
  ids: string[];
  /** The items by id, sharded (read them with `itemOf`). */
  shards: ItemShards;
  /** The project these items are shown for. */
  projectId: string | null;
  status: BoardStatus;
  error: string | null;
  /** Ordered ids of each bucket that holds items, by `bucketKey`. */
  bucketIds: Record<string, string[]>;
  /** Temporary ids whose create has been answered: the server's id, or null when it failed. */
  resolvedTempIds: Record<string, string | null>;
  /** Field updates in flight per item (spec §4: reverted on failure, later ones kept). */
  pendingUpdates: Record<string, PendingUpdates>;
  /** Moves in flight per item; a move's answer only sets the plan when no later move is queued. */
  pendingMoves: Record<string, number>;
  /** Deletes sent and not yet answered: a live refresh must not bring them back. */
  pendingDeletes: Record<string, true>;
  /** Counts answered writes: a refresh read before the latest answer is dropped (it may predate it). */
  revision: number;
  /** False from a board's head until its rest is merged (docs/architecture.md "How the board loads"). */
  complete: boolean;
  /** While incomplete: how many items of each bucket the rest still holds, by `bucketKey`. */
  unloadedCounts: Record<string, number>;
  /** The newest team event the head was read after; null when not known. */
  headEventId: number | null;
  /** A change was heard while the board was loading or incomplete: read it again once complete. */
  changeMissed: boolean;
  /** Reading the rest failed (the head stays shown): why. */
  restError: string | null;
}

const initialState: ItemsState = {
  ids: [],
  shards: {},
  projectId: null,
  status: 'idle',
  error: null,
  bucketIds: {},
  resolvedTempIds: {},
  pendingUpdates: {},
  pendingMoves: {},
  pendingDeletes: {},
  revision: 0,
  complete: false,
  unloadedCounts: {},
  headEventId: null,
  changeMissed: false,
  restError: null,
};

/** One item of the board, or undefined. */
export function itemOf(state: Pick<ItemsState, 'shards'>, id: string): BoardItem | undefined {
  return itemIn(state.shards, id);
}

function setItems(state: ItemsState, items: BoardItem[]) {
  state.ids = items.map((item) => item.id);
  state.shards = shardsOf(items);
}

function addItem(state: ItemsState, item: BoardItem) {
  const shard = (state.shards[shardOf(item.id)] ??= {});
  if (!(item.id in shard)) state.ids.push(item.id);
  shard[item.id] = item;
}

function removeItem(state: ItemsState, id: string) {
  const shard = state.shards[shardOf(id)];
  if (!shard || !(id in shard)) return;
  delete shard[id];
  state.ids.splice(state.ids.indexOf(id), 1);
}

/** A temporary id after its create was answered is the server's id; any other id is itself. */
export function currentId(state: ItemsState, id: string): string {
  return state.resolvedTempIds[id] ?? id;
}

// --- requests: each applies its optimistic change here and is sent by the items listeners ---

export interface CreateItemRequest {
  projectId: string;
  itemType: number;
  item: ItemFields;
  bucket: PlanBucket;
  /** Where in the bucket it goes; absent: the start (the rule for a bucket earlier than the new-item bucket). */
  index?: number;
  assignedToUserId?: string | null;
  teamId: string;
}
export const itemCreateRequested = createAction(
  'items/createRequested',
  (request: CreateItemRequest, tempId: string, now: string = new Date().toISOString()) => ({
    payload: { ...request, tempId, now },
  }),
);

/** The item an edit was made to: its version and the patched fields' values then, to tell a real conflict. */
export interface EditBase {
  version: number;
  values: ItemFields;
}

export const itemUpdateRequested = createAction(
  'items/updateRequested',
  (id: string, patch: ItemFields, projectId: string, base?: EditBase) => ({
    payload: { id, patch, projectId, requestId: nanoid(), ...(base ? { base } : {}) },
  }),
);

export const completionToggled = createAction(
  'items/completionToggled',
  (id: string, markComplete: boolean, now: string = new Date().toISOString()) => ({
    payload: { id, markComplete, completionDate: markComplete ? now : null, requestId: nanoid() },
  }),
);

/** The server handed the item to a coding agent: its hand-off status and link changed there. */
export const itemHandedOff = createAction(
  'items/handedOff',
  /** A terminal hand-off has no issue: codingAgentUrl is then left as it was. */
  (id: string, fields: { codingAgentUrl?: string | null; workflowStatus: number }) => ({ payload: { id, ...fields } }),
);

export const itemDeleteRequested = createAction('items/deleteRequested', (id: string, projectId: string) => ({
  payload: { id, projectId },
}));

/** Undo of a delete: the item back where it was, from the server's copy (services/itemRestore.ts). */
export const itemRestoreRequested = createAction(
  'items/restoreRequested',
  (request: { projectId: string; item: BoardItem; index: number }) => ({ payload: request }),
);

export interface MoveItemRequest {
  projectId: string;
  id: string;
  to: PlanBucket;
  /** Position in the target bucket's list once the item is taken out of its own. */
  index: number;
  /** Set a new assignee with the move; absent keeps the current one. */
  assignedToUserId?: string | null;
  /** The key to keep when it lies between the new neighbours (an undo puts an item back as it was). */
  sortKey?: number;
}
export const itemMoveRequested = createAction('items/moveRequested', (request: MoveItemRequest) => ({
  payload: { ...request, requestId: nanoid() },
}));

// --- helpers on the draft state ---

/**
 * A bucket's ids as a plain array. Bucket lists are read and replaced whole, never edited in place:
 * through Immer's proxy every element an indexOf or a splice touches is a trap call, which made a move
 * in a 1,000-item bucket cost ≈2 ms; on the plain array it is a native loop.
 */
function listOf(state: ItemsState, key: string): readonly string[] {
  const list = state.bucketIds[key];
  if (!list) return [];
  return isDraft(list) ? current(list) : list;
}

function removeFromBucket(state: ItemsState, id: string, key: string): number {
  const list = listOf(state, key);
  const at = list.indexOf(id);
  if (at < 0) return at;
  if (list.length === 1) delete state.bucketIds[key];
  else state.bucketIds[key] = [...list.slice(0, at), ...list.slice(at + 1)];
  return at;
}

function insertIntoBucket(state: ItemsState, id: string, key: string, index: number) {
  const list = listOf(state, key);
  const at = Math.max(0, Math.min(index, list.length));
  state.bucketIds[key] = [...list.slice(0, at), id, ...list.slice(at)];
}

/** A provisional key between the new neighbours; the server's answer replaces it. */
function provisionalSortKey(state: ItemsState, key: string, id: string): number | null {
  const list = listOf(state, key);
  const at = list.indexOf(id);
  const left = at > 0 ? itemOf(state, list[at - 1]!)?.plan.sortKey : undefined;
  const right = at >= 0 && at < list.length - 1 ? itemOf(state, list[at + 1]!)?.plan.sortKey : undefined;
  return sortKeyBetween(left ?? null, right ?? null);
}

/** Whether a key lies strictly between the item's neighbours in the bucket's list. */
function keyFitsAt(state: ItemsState, key: string, id: string, sortKey: number): boolean {
  const list = listOf(state, key);
  const at = list.indexOf(id);
  const left = at > 0 ? itemOf(state, list[at - 1]!)?.plan.sortKey : undefined;
  const right = at >= 0 && at < list.length - 1 ? itemOf(state, list[at + 1]!)?.plan.sortKey : undefined;
  return (left === undefined || left < sortKey) && (right === undefined || sortKey < right);
}

function rebuildBuckets(items: readonly BoardItem[]): Record<string, string[]> {
  const grouped: Record<string, BoardItem[]> = {};
  for (const item of items) (grouped[bucketKey(bucketOf(item))] ??= []).push(item);
  const bucketIds: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(grouped)) {
    bucketIds[key] = list
      .sort((a, b) => compareSortKeys({ sortKey: a.plan.sortKey, id: a.id }, { sortKey: b.plan.sortKey, id: b.id }))
      .map((item) => item.id);
  }
  return bucketIds;
}

/** Puts an item into its bucket's list where its sort key (then id) places it. */
function insertInKeyOrder(state: ItemsState, item: BoardItem) {
  const key = bucketKey(bucketOf(item));
  const place = { sortKey: item.plan.sortKey, id: item.id };
  const at = listOf(state, key).findIndex((other) => {
    const entity = itemOf(state, other);
    return entity !== undefined && compareSortKeys(place, { sortKey: entity.plan.sortKey, id: other }) < 0;
  });
  insertIntoBucket(state, item.id, key, at < 0 ? Number.MAX_SAFE_INTEGER : at);
}

function applyRebalanced(state: ItemsState, keys: RebalancedSortKeys | undefined) {
  for (const { id, sortKey } of keys ?? []) {
    const entity = itemOf(state, id);
    if (entity) entity.plan.sortKey = sortKey;
  }
}

function replaceId(state: ItemsState, fromId: string, toId: string) {
  const entity = itemOf(state, fromId);
  if (!entity) return;
  const key = bucketKey(bucketOf(entity));
  const list = listOf(state, key);
  const at = list.indexOf(fromId);
  if (at >= 0) state.bucketIds[key] = list.map((other) => (other === fromId ? toId : other));
  removeItem(state, fromId);
  addItem(state, { ...entity, id: toId, plan: { ...entity.plan } });
  for (const record of [state.pendingUpdates, state.pendingMoves] as Record<string, unknown>[]) {
    if (fromId in record) {
      record[toId] = record[fromId];
      delete record[fromId];
    }
  }
}

/** Puts an item where a plan says, unless it is already in that bucket. */
function placeByPlan(state: ItemsState, id: string, plan: ProjectPlacement) {
  const entity = itemOf(state, id);
  if (!entity) return;
  const from = bucketOf(entity);
  const to = { scope: plan.scope, assignedTimeframe: plan.assignedTimeframe };
  entity.plan = placementOf(plan);
  if (sameBucket(from, to)) return;
  removeFromBucket(state, id, bucketKey(from));
  const key = bucketKey(to);
  const list = listOf(state, key);
  const at = list.findIndex((other) => (itemOf(state, other)?.plan.sortKey ?? 0) > plan.sortKey);
  insertIntoBucket(state, id, key, at < 0 ? list.length : at);
}

function applyFields(entity: BoardItem, fields: BoardFields) {
  Object.assign(entity, fields);
}

/** Items of the answer this board shows (an item without this project's context is not on it). */
function boardItemsOf(answers: readonly BoardItemAnswer[], projectId: string): BoardItem[] {
  return answers.map((item) => toBoardItem(item, projectId)).filter((item): item is BoardItem => item !== null);
}

/**
 * Whether a bucket's every item is here, so a move's neighbours there are the server's too. Until the
 * rest arrives, moves into a bucket still missing items are refused (itemCommands.ts).
 */
export function bucketLoaded(state: Pick<ItemsState, 'complete' | 'unloadedCounts'>, key: string): boolean {
  return state.complete || !state.unloadedCounts[key];
}

/** The board's item count: those here and those its rest still holds. */
export function boardItemCount(state: Pick<ItemsState, 'ids' | 'unloadedCounts'>): number {
  let count = state.ids.length;
  for (const unloaded of Object.values(state.unloadedCounts)) count += unloaded;
  return count;
}

/** What the head leaves unread of each bucket: its total less the items it answered. */
function unloadedOf(totals: readonly BucketTotal[], bucketIds: Record<string, string[]>): Record<string, number> {
  const unloaded: Record<string, number> = {};
  for (const total of totals) {
    const key = bucketKey({ scope: total.scope, assignedTimeframe: total.assignedTimeframe });
    const left = total.count - (bucketIds[key]?.length ?? 0);
    if (left > 0) unloaded[key] = left;
  }
  return unloaded;
}

export const itemsSlice = createSlice({
  name: 'items',
  initialState,
  reducers: {
    /** The board is about to show another project (or is reloading): nothing of the old one stays. */
    boardLoading(state, action: PayloadAction<{ projectId: string | null }>) {
      if (state.projectId !== action.payload.projectId) {
        Object.assign(state, initialState);
        state.projectId = action.payload.projectId;
      }
      state.status = action.payload.projectId ? 'loading' : 'idle';
      state.error = null;
      state.changeMissed = false;
      state.restError = null;
    },
    /** The whole board, or its head (with `bucketTotals`): then it shows, incomplete, until the rest is merged. */
    boardLoaded(
      state,
      action: PayloadAction<{
        projectId: string;
        items: readonly BoardItemAnswer[];
        bucketTotals?: readonly BucketTotal[];
        latestEventId?: number;
      }>,
    ) {
      const { projectId, bucketTotals, latestEventId } = action.payload;
      if (state.projectId !== projectId) return;
      const items = boardItemsOf(action.payload.items, projectId);
      setItems(state, items);
      state.bucketIds = rebuildBuckets(items);
      state.pendingUpdates = {};
      state.pendingMoves = {};
      state.status = 'ready';
      state.error = null;
      state.complete = bucketTotals === undefined;
      state.unloadedCounts = bucketTotals ? unloadedOf(bucketTotals, state.bucketIds) : {};
      state.headEventId = latestEventId ?? null;
      state.restError = null;
    },
    /**
     * The rest of the board, merged behind what happened since the head: an item already here (from the
     * head, a create, or a move this browser made) keeps its state; deletes in flight stay deleted. A
     * change the rest missed or predates is read again afterwards (itemCommands.ts loadBoard).
     */
    boardCompleted(state, action: PayloadAction<{ projectId: string; items: readonly BoardItemAnswer[] }>) {
      const { projectId } = action.payload;
      if (state.projectId !== projectId || state.status !== 'ready' || state.complete) return;
      const merged = new Map<string, BoardItem>(allItemsIn(state.shards).map((item) => [item.id, item]));
      for (const item of boardItemsOf(action.payload.items, projectId)) {
        if (!merged.has(item.id) && !(item.id in state.pendingDeletes)) merged.set(item.id, item);
      }
      const items = [...merged.values()];
      setItems(state, items);
      state.bucketIds = rebuildBuckets(items);
      state.complete = true;
      state.unloadedCounts = {};
      state.changeMissed = false;
      state.restError = null;
    },
    boardRestFailed(state, action: PayloadAction<{ projectId: string; error: string }>) {
      if (state.projectId !== action.payload.projectId || state.status !== 'ready' || state.complete) return;
      state.restError = action.payload.error;
    },
    /** Retrying the rest: the error goes while it is read again. */
    boardRestRetried(state, action: PayloadAction<{ projectId: string }>) {
      if (state.projectId === action.payload.projectId) state.restError = null;
    },
    /** A change was heard before the board could be read again (loading, or incomplete). */
    boardChangeMissed(state) {
      state.changeMissed = true;
    },
    /**
     * The board read again after another member's change. What this browser still has in flight wins:
     * items with pending field updates or moves, creates not yet answered, deletes not yet answered.
     * An answer read before one of our writes was answered is dropped (the listener reads again).
     */
    boardRefreshed(
      state,
      action: PayloadAction<{ projectId: string; revision: number; items: readonly BoardItemAnswer[] }>,
    ) {
      const { projectId, revision } = action.payload;
      if (state.projectId !== projectId || state.status !== 'ready' || state.revision !== revision) return;
      // A refresh reads the whole board, so it completes one whose rest had failed.
      state.complete = true;
      state.unloadedCounts = {};
      state.restError = null;
      const ours = (id: string) => id in state.pendingUpdates || id in state.pendingMoves;
      const merged = new Map<string, BoardItem>();
      for (const answer of action.payload.items) {
        const item = toBoardItem(answer, projectId);
        if (!item || item.id in state.pendingDeletes) continue;
        merged.set(item.id, ours(item.id) ? (itemOf(state, item.id) ?? item) : item);
      }
      for (const entity of allItemsIn(state.shards)) {
        if (!merged.has(entity.id) && (isTempId(entity.id) || ours(entity.id))) merged.set(entity.id, entity);
      }
      const items = [...merged.values()];
      setItems(state, items);
      state.bucketIds = rebuildBuckets(items);
    },
    /**
     * Another member's change to these items, carried by the event (shared/contract/events.ts): each is
     * patched in place, a listed id with nothing carried (deleted, or no longer in this project) leaves
     * the board. What this browser has in flight wins as in boardRefreshed, field by field: a pending
     * edit keeps its fields, a pending move its place, a pending delete stays deleted.
     */
    remoteItemsChanged(
      state,
      action: PayloadAction<{ projectId: string; itemIds: readonly string[]; items: readonly BoardItemAnswer[] }>,
    ) {
      const { projectId, itemIds } = action.payload;
      if (state.projectId !== projectId || state.status !== 'ready') return;
      // A board read in flight may predate this change: it is dropped and read again (refreshBoard).
      state.revision += 1;
      const carried = new Map(action.payload.items.map((answer) => [answer.id, toBoardItem(answer, projectId)]));
      for (const id of itemIds) {
        if (id in state.pendingDeletes) continue;
        const mine = itemOf(state, id);
        const theirs = carried.get(id) ?? null;
        const pending = state.pendingUpdates[id];
        if (!theirs) {
          if (mine && !pending && !state.pendingMoves[id]) {
            removeFromBucket(state, id, bucketKey(bucketOf(mine)));
            removeItem(state, id);
          }
          continue;
        }
        if (pending && mine) {
          // Their value of a field this browser is writing is what a failed write goes back to.
          for (const field of Object.keys(pending.confirmed) as (keyof BoardFields)[]) {
            Object.assign(pending.confirmed, { [field]: theirs[field] });
            Object.assign(theirs, { [field]: mine[field] });
          }
        }
        if (mine && state.pendingMoves[id]) theirs.plan = mine.plan;
        if (mine) removeFromBucket(state, id, bucketKey(bucketOf(mine)));
        addItem(state, theirs);
        insertInKeyOrder(state, theirs);
      }
    },
    boardLoadFailed(state, action: PayloadAction<{ projectId: string; error: string }>) {
      if (state.projectId !== action.payload.projectId) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },

    itemCreateConfirmed(
      state,
      action: PayloadAction<{
        tempId: string;
        id: string;
        linkId: string;
        externalId: string;
        plan: ProjectPlacement;
        rebalancedSortKeys?: RebalancedSortKeys;
      }>,
    ) {
      state.revision += 1;
      const { tempId, id, linkId, externalId, plan, rebalancedSortKeys } = action.payload;
      state.resolvedTempIds[tempId] = id;
      // Deleted while its create was in flight: only the id mapping is kept, for the delete to use.
      if (!itemOf(state, tempId)) return;
      replaceId(state, tempId, id);
      const entity = itemOf(state, id)!;
      entity.linkId = linkId;
      entity.externalId = externalId;
      if (!state.pendingMoves[id]) placeByPlan(state, id, plan);
      applyRebalanced(state, rebalancedSortKeys);
    },
    itemCreateFailed(state, action: PayloadAction<{ tempId: string }>) {
      state.revision += 1;
      const { tempId } = action.payload;
      state.resolvedTempIds[tempId] = null;
      const entity = itemOf(state, tempId);
      if (!entity) return;
      removeFromBucket(state, tempId, bucketKey(bucketOf(entity)));
      removeItem(state, tempId);
      delete state.pendingUpdates[tempId];
      delete state.pendingMoves[tempId];
    },

    itemUpdateSettled(
      state,
      action: PayloadAction<{
        id: string;
        requestId: string;
        ok: boolean;
        serverFields?: BoardFields;
        plan?: ProjectPlacement;
      }>,
    ) {
      state.revision += 1;
      const id = currentId(state, action.payload.id);
      const pending = state.pendingUpdates[id];
      const entity = itemOf(state, id);
      if (!pending || !entity) return;
      const at = pending.patches.findIndex((entry) => entry.requestId === action.payload.requestId);
      if (at < 0) return;
      const { patch } = pending.patches.splice(at, 1)[0]!;
      if (action.payload.ok) {
        Object.assign(pending.confirmed, patch, action.payload.serverFields);
        if (action.payload.serverFields) {
          // The server's value shows unless a later pending patch still overrides it.
          const overridden = new Set(pending.patches.flatMap((entry) => Object.keys(entry.patch)));
          for (const [field, value] of Object.entries(action.payload.serverFields)) {
            if (!overridden.has(field)) (entity as unknown as Record<string, unknown>)[field] = value;
          }
        }
        if (action.payload.plan && !state.pendingMoves[id]) placeByPlan(state, id, action.payload.plan);
      } else {
        // Every field the failed patch touched goes back to the confirmed value with later patches on top.
        const restored: BoardFields = {};
        for (const field of Object.keys(patch) as (keyof BoardFields)[]) {
          (restored as Record<string, unknown>)[field] = pending.confirmed[field];
        }
        for (const later of pending.patches) {
          for (const field of Object.keys(patch) as (keyof BoardFields)[]) {
            if (field in later.patch) (restored as Record<string, unknown>)[field] = later.patch[field];
          }
        }
        applyFields(entity, restored);
      }
      if (pending.patches.length === 0) delete state.pendingUpdates[id];
    },

    itemDeleteSettled(state, action: PayloadAction<{ ok: boolean; item: BoardItem; index: number }>) {
      state.revision += 1;
      const id = currentId(state, action.payload.item.id);
      delete state.pendingDeletes[id];
      if (action.payload.ok) return;
      const { item, index } = action.payload;
      if (itemOf(state, id)) return;
      addItem(state, { ...item, id });
      insertIntoBucket(state, id, bucketKey(bucketOf(item)), index);
    },

    itemMoveConfirmed(
      state,
      action: PayloadAction<{ id: string; plan: ProjectPlacement; rebalancedSortKeys?: RebalancedSortKeys }>,
    ) {
      state.revision += 1;
      const id = currentId(state, action.payload.id);
      const remaining = (state.pendingMoves[id] ?? 1) - 1;
      if (remaining > 0) state.pendingMoves[id] = remaining;
      else delete state.pendingMoves[id];
      // All of a reassigned bucket's keys land in this one update.
      applyRebalanced(state, action.payload.rebalancedSortKeys);
      const entity = itemOf(state, id);
      if (!entity) return;
      if (remaining > 0) return;
      if (
        sameBucket(bucketOf(entity), {
          scope: action.payload.plan.scope,
          assignedTimeframe: action.payload.plan.assignedTimeframe,
        })
      ) {
        entity.plan = placementOf(action.payload.plan);
      } else {
        placeByPlan(state, id, action.payload.plan);
      }
    },
    itemRestoreFailed(state, action: PayloadAction<{ id: string }>) {
      state.revision += 1;
      const { id } = action.payload;
      delete state.pendingMoves[id];
      const entity = itemOf(state, id);
      if (!entity) return;
      removeFromBucket(state, id, bucketKey(bucketOf(entity)));
      removeItem(state, id);
    },
    itemMoveFailed(state, action: PayloadAction<{ id: string; previous: ProjectPlacement; index: number }>) {
      state.revision += 1;
      const id = currentId(state, action.payload.id);
      const remaining = (state.pendingMoves[id] ?? 1) - 1;
      if (remaining > 0) state.pendingMoves[id] = remaining;
      else delete state.pendingMoves[id];
      const entity = itemOf(state, id);
      // A later move of the same item is queued: it decides where the item ends up.
      if (!entity || remaining > 0) return;
      removeFromBucket(state, id, bucketKey(bucketOf(entity)));
      entity.plan = action.payload.previous;
      insertIntoBucket(state, id, bucketKey(bucketOf(entity)), action.payload.index);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(itemHandedOff, (state, action) => {
        const id = currentId(state, action.payload.id);
        const entity = itemOf(state, id);
        if (!entity) return;
        entity.workflowStatus = action.payload.workflowStatus;
        // Already the server's value: a pending edit rolled back later must not undo it.
        const pending = state.pendingUpdates[id];
        if (pending) pending.confirmed.workflowStatus = action.payload.workflowStatus;
      })
      .addCase(itemCreateRequested, (state, action) => {
        const { tempId, projectId, itemType, item, bucket, index, assignedToUserId, teamId, now } = action.payload;
        if (state.projectId !== projectId) return;
        const key = bucketKey(bucket);
        const entity: BoardItem = {
          id: tempId,
          linkId: '',
          teamId,
          dateCreated: now,
          itemType,
          description: '',
          externalId: '',
          workflowStatus: 0,
          parentContextItemId: null,
          startDate: null,
          completionDate: null,
          ...boardFieldsOf(item),
          plan: {
            projectId,
            sortKey: 0,
            scope: bucket.scope,
            assignedTimeframe: bucket.assignedTimeframe,
            assignedToUserId: assignedToUserId ?? null,
          },
        };
        addItem(state, entity);
        insertIntoBucket(state, tempId, key, index ?? 0);
        itemOf(state, tempId)!.plan.sortKey = provisionalSortKey(state, key, tempId) ?? 0;
      })
      .addCase(itemUpdateRequested, (state, action) => {
        const id = currentId(state, action.payload.id);
        const entity = itemOf(state, id);
        if (!entity) return;
        // The board keeps its own fields of the patch; the rest is the item panel's (the whole item).
        const patch = boardFieldsOf(action.payload.patch);
        const pending = (state.pendingUpdates[id] ??= { confirmed: {}, patches: [] });
        for (const field of Object.keys(patch) as (keyof BoardFields)[]) {
          if (!(field in pending.confirmed)) (pending.confirmed as Record<string, unknown>)[field] = entity[field];
        }
        pending.patches.push({ requestId: action.payload.requestId, patch });
        applyFields(entity, patch);
      })
      .addCase(completionToggled, (state, action) => {
        const id = currentId(state, action.payload.id);
        const entity = itemOf(state, id);
        if (!entity) return;
        const pending = (state.pendingUpdates[id] ??= { confirmed: {}, patches: [] });
        if (!('completionDate' in pending.confirmed)) pending.confirmed.completionDate = entity.completionDate;
        const patch = { completionDate: action.payload.completionDate };
        pending.patches.push({ requestId: action.payload.requestId, patch });
        entity.completionDate = patch.completionDate;
      })
      .addCase(itemDeleteRequested, (state, action) => {
        const id = currentId(state, action.payload.id);
        const entity = itemOf(state, id);
        if (!entity) return;
        removeFromBucket(state, id, bucketKey(bucketOf(entity)));
        removeItem(state, id);
        delete state.pendingUpdates[id];
        state.pendingDeletes[id] = true;
      })
      .addCase(itemMoveRequested, (state, action) => {
        const { to, index, assignedToUserId } = action.payload;
        const id = currentId(state, action.payload.id);
        const entity = itemOf(state, id);
        if (!entity) return;
        const from = bucketOf(entity);
        removeFromBucket(state, id, bucketKey(from));
        const key = bucketKey(to);
        insertIntoBucket(state, id, key, index);
        const assigneeChanged = assignedToUserId !== undefined && assignedToUserId !== entity.plan.assignedToUserId;
        if (!sameBucket(from, to) || assigneeChanged) {
          entity.plan.scope = to.scope;
          entity.plan.assignedTimeframe = to.assignedTimeframe;
          if (assignedToUserId !== undefined) entity.plan.assignedToUserId = assignedToUserId;
        }
        const sortKey = provisionalSortKey(state, key, id);
        if (sortKey !== null) entity.plan.sortKey = sortKey;
        const kept = action.payload.sortKey;
        if (kept !== undefined && keyFitsAt(state, key, id, kept)) entity.plan.sortKey = kept;
        state.pendingMoves[id] = (state.pendingMoves[id] ?? 0) + 1;
      })
      // Shown back at once; held as a move in flight, so a board read before the answer keeps it.
      .addCase(itemRestoreRequested, (state, action) => {
        const { projectId, item, index } = action.payload;
        delete state.pendingDeletes[item.id];
        if (state.projectId !== projectId || itemOf(state, item.id)) return;
        addItem(state, { ...item, plan: { ...item.plan } });
        insertIntoBucket(state, item.id, bucketKey(bucketOf(item)), index);
        state.pendingMoves[item.id] = (state.pendingMoves[item.id] ?? 0) + 1;
      })
      .addCase(sessionEnded, () => initialState)

      // Spec §4: setting the active project clears the item list while it is pending.
      .addMatcher(projectsApi.endpoints.setActiveProject.matchPending, (state, action) => {
        Object.assign(state, initialState);
        state.projectId = action.meta.arg.originalArgs.newActiveProjectId;
        state.status = 'switching';
      })
      // Refused: the board loads the project that is still active.
      .addMatcher(projectsApi.endpoints.setActiveProject.matchRejected, (state) => {
        Object.assign(state, initialState);
      });
  },
});

export const {
  boardLoading,
  boardLoaded,
  boardRefreshed,
  boardCompleted,
  boardRestFailed,
  boardRestRetried,
  boardChangeMissed,
  boardLoadFailed,
  remoteItemsChanged,
  itemCreateConfirmed,
  itemCreateFailed,
  itemUpdateSettled,
  itemDeleteSettled,
  itemMoveConfirmed,
  itemMoveFailed,
  itemRestoreFailed,
} = itemsSlice.actions;
