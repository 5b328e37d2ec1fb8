/**
 * Generation through the Vercel AI SDK: `generateText` (or `streamText` when the caller wants
 * progress) with `Output.object` (generateObject is deprecated in ai 6), a timeout per attempt, and
 * one retry with backoff for failures worth retrying.
 */
import { generateText, Output, streamText, type LanguageModel } from 'ai';
import type { AgentPairKey, PairContent } from '../../shared/contract/agent';
import type { AgentGenerator, GenerateOptions, GenerationInput } from './port';
import { outputSchemaFor, contentProblem } from './outputSchema';
import { promptFor } from './prompts';
import { AiProviderError, AiTimeout, providerFailure } from './providerError';

export interface SdkGeneratorOptions {
  provider: string;
  model: LanguageModel;
  timeoutMs: number;
  /** Wait before the one retry. */
  retryDelayMs: number;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function createSdkGenerator(options: SdkGeneratorOptions): AgentGenerator {
  const { provider, model, timeoutMs, retryDelayMs } = options;

  /** The content of one call: whole, or streamed to `onPartial` as it grows. */
  async function call<K extends AgentPairKey>(
    pair: K,
    input: GenerationInput<K>,
    abortSignal: AbortSignal,
    onPartial?: (partial: unknown) => void,
  ) {
    const { system, prompt } = promptFor(pair, input);
    const settings = {
      model,
      system,
      prompt,
      output: Output.object({ schema: outputSchemaFor(pair), name: pair.replace('/', '_') }),
      maxRetries: 0, // retried here, once, with a timeout per attempt
      abortSignal,
    };
    if (!onPartial) return (await generateText(settings)).output;
    let streamError: unknown;
    const result = streamText({ ...settings, onError: ({ error }) => void (streamError ??= error) });
    for await (const partial of result.partialOutputStream) onPartial(partial);
    if (streamError !== undefined) throw streamError;
    return result.output;
  }

  async function attempt<K extends AgentPairKey>(pair: K, input: GenerationInput<K>, options: GenerateOptions) {
    const { signal } = options;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new AiTimeout()), timeoutMs);
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    try {
      const content = (await call(pair, input, controller.signal, options.onPartial)) as PairContent<K>;
      const problem = contentProblem(pair, content);
      if (problem)
        throw new AiProviderError(`The AI provider (${provider}) answered off-schema at ${problem}.`, 502, true);
      return content;
    } catch (error) {
      throw providerFailure(
        controller.signal.reason instanceof AiTimeout ? controller.signal.reason : error,
        provider,
        timeoutMs,
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
  }

  return {
    draftedBy: 'ai',
    provider,
    async generate(pair, input, options = {}) {
      try {
        return await attempt(pair, input, options);
      } catch (error) {
        const failure = error as AiProviderError;
        if (!failure.retryable || options.signal?.aborted) throw failure;
        await wait(retryDelayMs, options.signal);
        return attempt(pair, input, options);
      }
    },
  };
}
