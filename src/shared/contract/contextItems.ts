/**
 * Context items (spec §7 "Context items"; agents.md §2): shared background — a decision, a constraint,
 * a document, a link — that items hang under through `parentContextItemId`. A context item may itself
 * have a parent; deleting one detaches its children and items, never deletes them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

export const CONTEXT_ITEM_LIMITS = { title: 256, body: 20_000, kind: 40, list: 500 } as const;
const L = CONTEXT_ITEM_LIMITS;

/** Suggested kinds; any short word is accepted. */
export const ContextItemKinds = ['decision', 'constraint', 'document', 'link', 'note'] as const;

const Title = Type.String({ minLength: 1, maxLength: L.title, pattern: '\\S', description: 'Plain text.' });
const Body = Type.String({ maxLength: L.body, description: 'Markdown.' });
const Kind = Type.Union([Type.String({ minLength: 1, maxLength: L.kind, pattern: '^[a-z][a-z0-9-]*$' }), Type.Null()]);

export const ContextItemBody = Type.Object(
  {
    title: Title,
    body: Body,
    kind: Type.Optional(Kind),
    parentContextItemId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { $id: 'ContextItemBody', additionalProperties: false },
);
export type ContextItemBody = Static<typeof ContextItemBody>;

export const ContextItem = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    body: Type.String(),
    kind: Type.Union([Type.String(), Type.Null()]),
    parentContextItemId: Type.Union([Type.String(), Type.Null()]),
    dateCreated: Type.String({ format: 'date-time' }),
    dateUpdated: Type.String({ format: 'date-time' }),
  },
  { $id: 'ContextItem' },
);
export type ContextItem = Static<typeof ContextItem>;

export const ContextItemParams = Type.Object({ id: Id });
export const CreatedContextItem = Type.Object({ id: Type.String() }, { $id: 'CreatedContextItem' });
export const ContextItemList = Type.Object({ contextItems: Type.Array(ContextItem) }, { $id: 'ContextItemList' });
/** The chain from an item up to the root, nearest first. */
export const ParentContexts = Type.Object({ parentContexts: Type.Array(ContextItem) }, { $id: 'ParentContexts' });
