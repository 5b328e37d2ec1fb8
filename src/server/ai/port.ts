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

export interface GenerationInput<K extends AgentPairKey = AgentPairKey> {
  inputModel: PairInput<K>;
  item: ItemContext | null;
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
