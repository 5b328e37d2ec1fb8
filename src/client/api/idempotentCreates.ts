import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
// The creating endpoints: the routes that declare `idempotent` (generated; server plugins/clientBehaviour.ts).
import { idempotentEndpoints } from './endpointBehaviour.gen';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Waits before each retry of a create whose answer was lost; a Retry-After from the server wins (up to the cap). */
export const createRetryDelaysMs = [500, 1000, 2000];
const MAX_RETRY_AFTER_MS = 5000;

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Only a page served over plain http from another host lacks randomUUID; 128 random bits do as well.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The call with an Idempotency-Key when it creates: the caller's own if it set one, else a new one. */
export function withIdempotencyKey(args: string | FetchArgs, endpoint: string): string | FetchArgs {
  if (typeof args === 'string' || !idempotentEndpoints.has(endpoint)) return args;
  const headers = new Headers(args.headers as HeadersInit | undefined);
  if (!headers.has(IDEMPOTENCY_HEADER)) headers.set(IDEMPOTENCY_HEADER, newKey());
  return { ...args, headers };
}

export const carriesIdempotencyKey = (args: string | FetchArgs) =>
  typeof args !== 'string' && new Headers(args.headers as HeadersInit | undefined).has(IDEMPOTENCY_HEADER);

/**
 * How long to wait before sending the same create again, or null to stop: only when the answer was
 * lost (no response) or the server asks to come back (409 still running, 502/503/504).
 */
export function retryDelay(
  result: { error?: FetchBaseQueryError; meta?: FetchBaseQueryMeta },
  attempt: number,
): number | null {
  const delay = createRetryDelaysMs[attempt];
  const status = result.error?.status;
  if (delay === undefined || status === undefined) return null;
  const lost = status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
  if (!lost && !(typeof status === 'number' && [409, 502, 503, 504].includes(status))) return null;
  const retryAfter = Number(result.meta?.response?.headers.get('retry-after'));
  return retryAfter > 0 ? Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS) : delay;
}
