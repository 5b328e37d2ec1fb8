/** Picks the generator AI_PROVIDER names; base URLs come from config so tests point them at fakes on 127.0.0.1. */
import type { LanguageModel } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiConfig } from '../config/config';
import type { AgentGenerator } from './port';
import { createDrafter } from './drafter';
import { createSdkGenerator } from './sdkGenerator';

export const RETRY_DELAY_MS = 1000;

export interface GeneratorOverrides {
  fetch?: typeof globalThis.fetch;
  retryDelayMs?: number;
}

function languageModel(ai: Exclude<AiConfig, { provider: 'none' }>, fetch?: typeof globalThis.fetch): LanguageModel {
  const common = { apiKey: ai.apiKey, baseURL: ai.baseUrl, fetch };
  switch (ai.provider) {
    case 'openai':
      return createOpenAI(common)(ai.model);
    case 'anthropic':
      return createAnthropic(common)(ai.model);
    case 'openai-compatible':
      // Ollama, LM Studio, vLLM and llama.cpp's server all take a JSON schema in response_format.
      return createOpenAICompatible({
        ...common,
        name: 'openai-compatible',
        baseURL: ai.baseUrl!,
        supportsStructuredOutputs: true,
      }).chatModel(ai.model);
  }
}

export function createAgentGenerator(ai: AiConfig, overrides: GeneratorOverrides = {}): AgentGenerator {
  if (ai.provider === 'none') return createDrafter();
  return createSdkGenerator({
    provider: ai.provider,
    model: languageModel(ai, overrides.fetch),
    timeoutMs: ai.timeoutMs,
    retryDelayMs: overrides.retryDelayMs ?? RETRY_DELAY_MS,
  });
}
