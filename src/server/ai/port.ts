/** The one port every generation goes through: the built-in drafter or an AI model behind the AI SDK. */
import type { AgentPairKey, DraftedBy, PairContent, PairInput } from '../../shared/contract/agent';

/** The team's own item a per-item generation is about (read with the team check; never another team's). */
export interface ItemContext {
  itemType: number;
  description: string;
  goals: string[];
  /** The context items above the item (agents.md §2), nearest first, bodies cut to PROMPT_CONTEXT_LIMITS. */
  parentContexts: { title: string; kind: string | null; body: string }[];
}

/** How much of the parent chain a prompt carries: the nearest few, each body cut short. */
export const PROMPT_CONTEXT_LIMITS = { depth: 5, body: 2_000 } as const;

/** An item already on the project's board, as a plan groups it. */
export interface OutlineItem {
  id: string;
  key: string;
  itemType: number;
  title: string;
  completed: boolean;
  /** A demo's implementations (ids of this outline's items, or of items elsewhere). */
  implementationIds: string[];
  /** The project milestone its bucket is in, when it is in one. */
  milestone: { name: string; targetDate: string } | null;
}

/** The active project's items, in board order, for the drafts that plan it; at most PROJECT_OUTLINE_LIMIT. */
export interface ProjectOutline {
  items: OutlineItem[];
}

export const PROJECT_OUTLINE_LIMIT = 500;

export interface GenerationInput<K extends AgentPairKey = AgentPairKey> {
  inputModel: PairInput<K>;
  item: ItemContext | null;
  /** For the project's plan and story: what is already on its board. */
  project?: ProjectOutline | null;
}

export interface GenerateOptions {
  signal?: AbortSignal;
  /** Given, the generator streams and reports the content so far (unchecked, possibly incomplete) as it grows. */
  onPartial?: (partial: unknown) => void;
}

export interface AgentGenerator {
  /** Shown with every answer, so the UI can say a draft was written without AI. */
  readonly draftedBy: DraftedBy;
  /** Which provider answers (config's AI_PROVIDER), for logs and the settings page. */
  readonly provider: string;
  /** Content valid against the pair's schema, or an error: ApiError for the user, AiProviderError for the provider. */
  generate<K extends AgentPairKey>(
    pair: K,
    input: GenerationInput<K>,
    options?: GenerateOptions,
  ): Promise<PairContent<K>>;
}
