/**
 * Stored agent drafts (spec §3 "Agent data kinds", §7 GET|PUT /agent/<kind>; agents.md §1): one per
 * kind and scope, holding the flow's current step, the user's answers so far and the content generated
 * (and then edited) for each of the kind's parts, so a flow can be left and resumed anywhere.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id, JsonObject } from './common';
import { BoundedJsonObject } from './boundedJson';
import { AGENT_LIMITS, DraftedBy, agentPairKeys, agentPairs, type AgentKind, type AgentPairKey } from './agent';

/** Where a kind's draft lives: per item, per project (the active one) or once for the team. */
export type DraftScope = 'item' | 'project' | 'team';
const draftScopes: Record<AgentKind, DraftScope> = {
  'product-story': 'project',
  'project-plan': 'project',
  'add-multiple-items': 'project',
  'engineering-patterns': 'team',
  'product-patterns': 'team',
  'add-single-new-item': 'item',
  'split-project-item': 'item',
};
export const draftScopeOf = (kind: AgentKind): DraftScope => draftScopes[kind];

export { draftOperationSuffix } from '../agentKinds';

export const DRAFT_LIMITS = {
  step: 64,
  inputModel: { maxBytes: 64 * 1024, maxDepth: 6, maxProperties: 40 },
} as const;

/** Kinds whose stored content is a pattern catalogue: each pattern gets an id implementation items reference. */
export const PatternAgentKinds = ['engineering-patterns', 'product-patterns'] as const satisfies readonly AgentKind[];

const strict = { additionalProperties: false } as const;

/** A pattern as stored: generated without an id, given one by the server when first saved. */
const StoredPattern = Type.Object(
  {
    id: Type.Optional(Id),
    name: Type.String({ minLength: 1, maxLength: AGENT_LIMITS.patternName }),
    description: Type.String({ maxLength: AGENT_LIMITS.shortText }),
  },
  strict,
);
export type StoredPattern = Static<typeof StoredPattern>;
const StoredPatterns = Type.Object(
  { patterns: Type.Array(StoredPattern, { maxItems: AGENT_LIMITS.patterns }) },
  strict,
);

/** One part's content as stored: the generated shape, except patterns carry ids. */
export function storedContentSchemaOf(pair: AgentPairKey): TSchema {
  const { contextId, contentId, content } = agentPairs[pair];
  return (PatternAgentKinds as readonly string[]).includes(contextId) && contentId === 'patterns'
    ? StoredPatterns
    : content;
}

const pairsOf = (kind: AgentKind) => agentPairKeys.filter((key) => agentPairs[key].contextId === kind);

/** A kind's stored content: each of its parts, when generated or written. */
export function draftContentSchemaOf(kind: AgentKind) {
  const parts = Object.fromEntries(
    pairsOf(kind).map((pair) => [agentPairs[pair].contentId, Type.Optional(storedContentSchemaOf(pair))]),
  );
  return Type.Object(parts, strict);
}

const Step = Type.Union([Type.String({ maxLength: DRAFT_LIMITS.step, pattern: '^[A-Za-z]*$' }), Type.Null()], {
  description: "The flow's current step (spec §4 step names), or null before the flow starts.",
});
const InputModel = BoundedJsonObject(DRAFT_LIMITS.inputModel);

/** The body of PUT /agent/<kind>: the whole draft; per-item kinds name their item. */
export function putDraftBodyOf(kind: AgentKind) {
  const perItem = draftScopeOf(kind) === 'item';
  return Type.Object(
    {
      ...(perItem ? { itemId: Id } : {}),
      step: Step,
      inputModel: InputModel,
      content: draftContentSchemaOf(kind),
    },
    { ...strict, title: `${kind} draft` },
  );
}

/** A stored draft as answered; a kind never saved answers an empty draft (step null, updatedAt null). */
export function agentDraftOf(kind: AgentKind) {
  return Type.Object(
    {
      kind: Type.Literal(kind),
      projectId: Type.Union([Type.String(), Type.Null()]),
      itemId: Type.Union([Type.String(), Type.Null()]),
      step: Type.Union([Type.String(), Type.Null()]),
      inputModel: JsonObject,
      content: draftContentSchemaOf(kind),
      draftedBy: Type.Union([DraftedBy, Type.Null()], { description: 'Who wrote the last generated part.' }),
      updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    },
    { title: `${kind} stored draft` },
  );
}

export const DraftItemParams = Type.Object({ itemId: Id });

/** The stored draft, typed for code that handles every kind. */
export interface AgentDraft {
  kind: AgentKind;
  projectId: string | null;
  itemId: string | null;
  step: string | null;
  inputModel: Record<string, unknown>;
  content: Record<string, unknown>;
  draftedBy: DraftedBy | null;
  updatedAt: string | null;
}

export interface PutDraftBody {
  itemId?: string;
  step: string | null;
  inputModel: Record<string, unknown>;
  content: Record<string, unknown>;
}
