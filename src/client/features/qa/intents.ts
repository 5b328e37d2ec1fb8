/**
 * QA intents: stable, documented action types for what a user does on the board, with plain JSON
 * payloads, so a flow can be scripted from Redux DevTools' Dispatch (docs/qa.md). Each does what the
 * UI does — the same thunks, actions and mutations, so the same listeners and queues — see
 * qaListeners.ts. Items are named by key ("AE-12") or id. Renaming a type breaks QA's scripts: add,
 * never rename.
 */
import { createAction } from '@reduxjs/toolkit';
import type { PlanBucket } from '../../../shared/timeframes';
import type { ItemFields } from '../items/itemModel';
import type { SendToAgentApiArg } from '../../api/handoff.gen';

/** An item's key as the board shows it ("AE-12", any case), or its id. */
export type ItemRef = string;

export interface CreateItemIntent {
  /** Demo 1, Implementation 2, Go-to-market 3 (shared/enums ItemType). */
  itemType: number;
  description: string;
  /** Default: in scope, unscheduled. */
  bucket?: PlanBucket;
  /** Place in the bucket; default 0 (the top, as the column's quick add does). */
  index?: number;
  assignedToUserId?: string | null;
}

export interface MoveItemIntent {
  item: ItemRef;
  /** Another bucket (and place, with `index`), as "Move to…" and drag and drop do. */
  to?: PlanBucket;
  /** The place in `to` (or in the item's own bucket), counting that bucket's items without this one. */
  index?: number;
  /** One place up (-1) or down (+1) in its bucket, as Alt+↑/↓ do. */
  by?: -1 | 1;
}

export const intentCreateItem = createAction<CreateItemIntent>('intent/createItem');
export const intentMoveItem = createAction<MoveItemIntent>('intent/moveItem');
/** Complete (default) or reopen. */
export const intentCompleteItem = createAction<{ item: ItemRef; complete?: boolean }>('intent/completeItem');
export const intentAssignItem = createAction<{ item: ItemRef; assignedToUserId: string | null }>('intent/assignItem');
/** The item panel's Save: the changed fields only. */
export const intentUpdateItem = createAction<{ item: ItemRef; fields: ItemFields }>('intent/updateItem');
export const intentDeleteItem = createAction<{ item: ItemRef }>('intent/deleteItem');
/** The item panel's "Hand off…": the send, then the item's hand-off fields as the panel sets them. */
export const intentHandOff = createAction<{ item: ItemRef } & Partial<Omit<SendToAgentApiArg, 'itemId'>>>(
  'intent/handOff',
);
/** Project settings' name; default the active project. */
export const intentRenameProject = createAction<{ project?: string; name: string }>('intent/renameProject');
/** Opens an item's panel (the board's URL follows), or closes it with `item: null`. */
export const intentOpenItem = createAction<{ item: ItemRef | null }>('intent/openItem');

/** An intent that could not be carried out, and why: shown in DevTools' log right after the intent. */
export const intentRefused = createAction<{ intent: string; reason: string }>('intent/refused');
