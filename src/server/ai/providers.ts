/** Picks the generator AI_PROVIDER names; base URLs come from config so tests point them at fakes on 127.0.0.1. */
import type { LanguageModel } from 'ai';
import type { AiConfig } from '../config/config';
import type { AgentGenerator } from './port';
import { createDrafter } from './drafter';
import { createSdkGenerator } from './sdkGenerator';

export const RETRY_DELAY_MS = 1000;

export interface GeneratorOverrides {
  fetch?: typeof globalThis.fetch;
  retryDelayMs?: number;
}

/** The provider's SDK is loaded when the first generation needs it: a server without AI never loads one. */
async function languageModel(
  ai: Exclude<AiConfig, { provider: 'none' }>,
  fetch?: typeof globalThis.fetch,
): Promise<LanguageModel> {
  const common = { apiKey: ai.apiKey, baseURL: ai.baseUrl, fetch };
  switch (ai.provider) {
    case 'openai':
      return (await import('@ai-sdk/openai')).createOpenAI(common)(ai.model);
    case 'anthropic':
      return (await import('@ai-sdk/anthropic')).createAnthropic(common)(ai.model);
    case 'openai-compatible':
      // Ollama, LM Studio, vLLM and llama.cpp's server all take a JSON schema in response_format.
      return (await import('@ai-sdk/openai-compatible'))
        .createOpenAICompatible({
          ...common,
          name: 'openai-compatible',
          baseURL: ai.baseUrl!,
          supportsStructuredOutputs: true,
        })
        .chatModel(ai.model);
  }
}

export function createAgentGenerator(ai: AiConfig, overrides: GeneratorOverrides = {}): AgentGenerator {
  if (ai.provider === 'none') return createDrafter();
  let generator: Promise<AgentGenerator> | undefined;
  const sdkGenerator = () =>
    (generator ??= languageModel(ai, overrides.fetch).then((model) =>
      createSdkGenerator({
        provider: ai.provider,
        model,
        timeoutMs: ai.timeoutMs,
        retryDelayMs: overrides.retryDelayMs ?? RETRY_DELAY_MS,
      }),
    ));
  return {
    draftedBy: 'ai',
    provider: ai.provider,
    generate: async (pair, input, options) => (await sdkGenerator()).generate(pair, input, options),
  };
}
