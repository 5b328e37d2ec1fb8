/**
 * The agent API group (spec §3 "Agent data kinds", §7 "Agent"; agents.md §1): what each generation
 * takes and answers. A generation is named by a `contextId` (the agent data kind) and a `contentId`
 * (the part of the draft it writes); every pair has its own input and output schema, with size limits.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id } from './common';

import { AgentKinds, isPerItemKind, type AgentKind } from '../agentKinds';

export { AgentKinds, PerItemAgentKinds, isPerItemKind, type AgentKind } from '../agentKinds';

/** Who wrote a generated draft: the built-in drafter (no AI provider configured) or an AI model. */
export const DraftedBy = Type.Union([Type.Literal('drafter'), Type.Literal('ai')]);
export type DraftedBy = Static<typeof DraftedBy>;

export const AGENT_LIMITS = {
  description: 20_000,
  question: 1_000,
  answer: 10_000,
  answers: 30,
  questions: 12,
  story: 20_000,
  plan: 30_000,
  milestones: 20,
  title: 256,
  shortText: 4_000,
  patterns: 30,
  patternName: 200,
  goals: 10,
  goal: 2_000,
  items: 100,
  parts: 50,
} as const;
const L = AGENT_LIMITS;

const text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
const required = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const strict = { additionalProperties: false } as const;

/** An item kind; literals rather than items.ts's integer enum, so TypeBox can check generated content too. */
const ItemTypeCode = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  description: 'demo 1, implementation 2, go-to-market 3',
});

// ---- Inputs: what the user has given so far ----

/** One answered question; `questionId` is the id a motivatingQuestions generation gave it. */
export const QuestionAnswer = Type.Object(
  {
    questionId: Type.Optional(Type.String({ maxLength: 64 })),
    question: text(L.question),
    answer: text(L.answer),
  },
  { $id: 'QuestionAnswer', ...strict },
);
export type QuestionAnswer = Static<typeof QuestionAnswer>;

const description = required(L.description, "The user's own description, in markdown.");
const answers = Type.Optional(Type.Array(QuestionAnswer, { maxItems: L.answers }));

const DescriptionInput = Type.Object({ description }, strict);
const AnsweredInput = Type.Object({ description, answers }, strict);
const PlanInput = Type.Object(
  { description, story: Type.Optional(text(L.story, 'The product story, when already written.')), answers },
  strict,
);
const ItemsInput = Type.Object(
  {
    description: required(L.description, 'The items to add, as lines or bullets; headings name the kind.'),
    defaultItemType: Type.Optional(ItemTypeCode),
  },
  strict,
);
const SplitInput = Type.Object(
  {
    description: Type.Optional(required(L.description, "The text to split, when not the item's saved description.")),
    guidance: Type.Optional(text(L.shortText, 'How the user wants it split.')),
  },
  strict,
);

// ---- Outputs: the generated content (every property required, objects closed: models fill them in) ----

const Question = Type.Object({ id: required(64), question: required(L.question) }, strict);
const QuestionsContent = Type.Object(
  { questions: Type.Array(Question, { minItems: 1, maxItems: L.questions }) },
  strict,
);
const StoryContent = Type.Object({ story: required(L.story, 'The product story, in markdown.') }, strict);
const Milestone = Type.Object({ title: required(L.title), description: text(L.shortText) }, strict);
const PlanContent = Type.Object(
  {
    plan: required(L.plan, 'The project plan, in markdown, without the milestones (they go in milestones).'),
    milestones: Type.Array(Milestone, { maxItems: L.milestones }),
  },
  strict,
);
const Pattern = Type.Object({ name: required(L.patternName), description: text(L.shortText) }, strict);
const PatternsContent = Type.Object({ patterns: Type.Array(Pattern, { minItems: 1, maxItems: L.patterns }) }, strict);
const RefinedContent = Type.Object(
  {
    refinedDescription: required(L.description, 'The refined description, in markdown.'),
    goals: Type.Array(required(L.goal), { maxItems: L.goals }),
  },
  strict,
);
const ItemsContent = Type.Object(
  {
    items: Type.Array(Type.Object({ itemType: ItemTypeCode, description: required(L.description) }, strict), {
      minItems: 1,
      maxItems: L.items,
    }),
  },
  strict,
);
const PartsContent = Type.Object(
  {
    parts: Type.Array(Type.Object({ description: required(L.description) }, strict), {
      minItems: 2,
      maxItems: L.parts,
      description: 'The item keeps the first part; each further one becomes a new item (POST …/split).',
    }),
  },
  strict,
);

interface PairSchemas {
  contextId: AgentKind;
  contentId: string;
  input: TSchema;
  content: TSchema;
  /** What the generation writes, for the OpenAPI document and the model's instructions. */
  purpose: string;
}

const pair = <C extends AgentKind, K extends string, I extends TSchema, O extends TSchema>(
  contextId: C,
  contentId: K,
  input: I,
  content: O,
  purpose: string,
) => ({ contextId, contentId, input, content, purpose }) satisfies PairSchemas;

/** Every generation Baton offers, keyed `<contextId>/<contentId>`. */
export const agentPairs = {
  'product-story/motivatingQuestions': pair(
    'product-story',
    'motivatingQuestions',
    DescriptionInput,
    QuestionsContent,
    'Questions that make the user think through who the product is for, the problem, the outcome and the scope.',
  ),
  'product-story/story': pair(
    'product-story',
    'story',
    AnsweredInput,
    StoryContent,
    'A product story: who it is for, their problem, what changes for them, what is out of scope.',
  ),
  'project-plan/plan': pair(
    'project-plan',
    'plan',
    PlanInput,
    PlanContent,
    'A project plan in milestones, each a demoable step towards the product story.',
  ),
  'engineering-patterns/motivatingQuestions': pair(
    'engineering-patterns',
    'motivatingQuestions',
    DescriptionInput,
    QuestionsContent,
    "Questions about the team's codebase: stack, structure, testing, conventions, what to avoid.",
  ),
  'engineering-patterns/patterns': pair(
    'engineering-patterns',
    'patterns',
    AnsweredInput,
    PatternsContent,
    'Engineering patterns implementation items follow: each a short name and what it asks of a change.',
  ),
  'product-patterns/motivatingQuestions': pair(
    'product-patterns',
    'motivatingQuestions',
    DescriptionInput,
    QuestionsContent,
    "Questions about the product's users, voice, interface patterns and quality bar.",
  ),
  'product-patterns/patterns': pair(
    'product-patterns',
    'patterns',
    AnsweredInput,
    PatternsContent,
    'Product patterns features follow: each a short name and what it asks of a feature.',
  ),
  'add-multiple-items/refinedDescription': pair(
    'add-multiple-items',
    'refinedDescription',
    AnsweredInput,
    RefinedContent,
    'The description of the work to add, made clear and complete, with its goals.',
  ),
  'add-multiple-items/items': pair(
    'add-multiple-items',
    'items',
    ItemsInput,
    ItemsContent,
    'Board items (demo 1, implementation 2, go-to-market 3), each with a markdown description whose first line is its title.',
  ),
  'add-single-new-item/refinedDescription': pair(
    'add-single-new-item',
    'refinedDescription',
    AnsweredInput,
    RefinedContent,
    'The description of one new item next to the named item, made clear and complete, with its goals.',
  ),
  'split-project-item/parts': pair(
    'split-project-item',
    'parts',
    SplitInput,
    PartsContent,
    'The named item split into smaller items, each independently deliverable.',
  ),
} as const;

export type AgentPairKey = keyof typeof agentPairs;
export const agentPairKeys = Object.keys(agentPairs) as AgentPairKey[];
export type AgentPair = (typeof agentPairs)[AgentPairKey];
export type PairInput<K extends AgentPairKey> = Static<(typeof agentPairs)[K]['input']>;
export type PairContent<K extends AgentPairKey> = Static<(typeof agentPairs)[K]['content']>;
export type ContentIdOf<C extends AgentKind> = Extract<AgentPair, { contextId: C }>['contentId'];

export function findAgentPair(contextId: string, contentId: string): AgentPairKey | undefined {
  const key = `${contextId}/${contentId}`;
  return key in agentPairs ? (key as AgentPairKey) : undefined;
}

export const contentIdsOf = (contextId: AgentKind): string[] =>
  agentPairKeys.filter((key) => agentPairs[key].contextId === contextId).map((key) => agentPairs[key].contentId);

// ---- The generate call: POST /agent/{contextId}/generate ----

export const GenerateParams = Type.Object({
  contextId: Type.Union(
    AgentKinds.map((kind) => Type.Literal(kind)),
    { description: 'The agent data kind' },
  ),
});
export type GenerateParams = Static<typeof GenerateParams>;

/** The body of one pair's generation; `itemId` names the team's item for per-item kinds, else null. */
export function generateBodyOf(key: AgentPairKey) {
  const { contextId, contentId, input, purpose } = agentPairs[key];
  return Type.Object(
    {
      contentId: Type.Literal(contentId),
      itemId: isPerItemKind(contextId) ? Id : Type.Optional(Type.Null()),
      inputModel: input,
    },
    { ...strict, title: key, description: `POST /agent/${contextId}/generate: ${purpose}` },
  );
}

/** One pair's answer: the generated content and who drafted it. */
export function generateAnswerOf(key: AgentPairKey) {
  const { contextId, contentId, content } = agentPairs[key];
  return Type.Object(
    {
      contextId: Type.Literal(contextId),
      contentId: Type.Literal(contentId),
      draftedBy: DraftedBy,
      content,
    },
    { title: `${key} answer` },
  );
}

/** Documents every pair (the route checks the body against its own pair's schema, for a precise message). */
export const GenerateBody = Type.Union(agentPairKeys.map(generateBodyOf), { $id: 'GenerateBody' });
export type GenerateBody = Static<typeof GenerateBody>;
export const GenerateAnswer = Type.Union(agentPairKeys.map(generateAnswerOf), { $id: 'GenerateAnswer' });

export interface GeneratedContent<K extends AgentPairKey = AgentPairKey> {
  contextId: (typeof agentPairs)[K]['contextId'];
  contentId: (typeof agentPairs)[K]['contentId'];
  draftedBy: DraftedBy;
  content: PairContent<K>;
}

// ---- The provider in use: GET /agent/provider (Admins; from config, never a secret) ----

export const AgentProvider = Type.Object(
  {
    provider: Type.String({
      description: 'AI_PROVIDER: none (the built-in drafter), openai, anthropic or openai-compatible',
    }),
    draftedBy: DraftedBy,
    model: Type.Union([Type.String(), Type.Null()]),
    baseUrl: Type.Union([Type.String(), Type.Null()], { description: 'AI_BASE_URL without any credentials in it' }),
    timeoutSeconds: Type.Union([Type.Number(), Type.Null()]),
  },
  { $id: 'AgentProvider' },
);
export type AgentProvider = Static<typeof AgentProvider>;
