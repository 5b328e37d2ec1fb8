/** A provider failure, answered as one clear error (502, or 504 on a timeout); it counts no agent action. */
import { APICallError, NoObjectGeneratedError, NoOutputGeneratedError, TypeValidationError, JSONParseError } from 'ai';
import { ApiError } from '../errors';

const NOTHING_COUNTED = 'Nothing was counted and your draft is unchanged; try again.';

export class AiProviderError extends ApiError {
  constructor(
    message: string,
    statusCode: 502 | 504,
    /** Worth one more attempt (a 5xx, a dropped connection, malformed output), not a timeout or a refusal. */
    readonly retryable: boolean,
    readonly detail?: unknown,
  ) {
    super('Failed', `${message} ${NOTHING_COUNTED}`, statusCode);
  }
}

export class AiTimeout extends Error {}

/** Turns whatever the AI SDK threw into the one error callers see. */
export function providerFailure(error: unknown, provider: string, timeoutMs: number): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (error instanceof AiTimeout) {
    return new AiProviderError(
      `The AI provider (${provider}) did not answer within ${timeoutMs / 1000} seconds.`,
      504,
      false,
    );
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) {
      return new AiProviderError(`The AI provider (${provider}) could not be reached.`, 502, true, error.message);
    }
    const hint =
      status === 401 || status === 403
        ? ': it refused the configured credentials (check AI_API_KEY)'
        : status === 404
          ? ': check AI_MODEL and AI_BASE_URL'
          : '';
    return new AiProviderError(
      `The AI provider (${provider}) failed with HTTP ${status}${hint}.`,
      502,
      error.isRetryable,
      error.responseBody?.slice(0, 500),
    );
  }
  const malformed =
    NoObjectGeneratedError.isInstance(error) ||
    NoOutputGeneratedError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    JSONParseError.isInstance(error);
  if (malformed) {
    return new AiProviderError(
      `The AI provider (${provider}) answered with content Baton cannot use (not JSON, or not the expected shape).`,
      502,
      true,
      error instanceof Error ? error.message : undefined,
    );
  }
  return new AiProviderError(
    `The AI provider (${provider}) failed.`,
    502,
    false,
    error instanceof Error ? error.message : String(error),
  );
}
