import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Envelope } from '../../shared/results';
import { carriesIdempotencyKey, retryDelay, withIdempotencyKey } from './idempotentCreates';
import { CLIENT_ID_HEADER } from '../../shared/contract/events';
import { tabId } from './tabId';
import { replayAnswer } from './replayAnswer';

/**
 * The API lives on the page's origin; generated paths already start with /v1. Absolute, because
 * Node's Request (jest) rejects relative URLs.
 */
export const apiBaseUrl = () => globalThis.location?.origin ?? 'http://localhost';

/**
 * How long a call may take before it fails with a message: a call that never ends would otherwise hold
 * every later write queued behind it (a project's moves). Generation streams its answer and is bounded
 * by the server's own AI_TIMEOUT_SECONDS instead (its query asks for no time-out).
 */
export const REQUEST_TIMEOUT_MS = 30_000;

const rawBaseQuery = fetchBaseQuery({ baseUrl: apiBaseUrl(), credentials: 'include', timeout: REQUEST_TIMEOUT_MS });

/**
 * Every call that changes data is JSON, even without a body (the server's CSRF rule), and names this
 * tab, so the live stream does not bring the tab its own change back (shared/contract/events.ts).
 */
function withJsonContentType(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string' || (args.method ?? 'GET').toUpperCase() === 'GET') return args;
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set('content-type', 'application/json');
  headers.set(CLIENT_ID_HEADER, tabId);
  return { ...args, headers };
}

/**
 * Unwraps the server's envelope (spec §8): Ok answers give their data; any other result is a 500
 * error carrying the envelope, except 401, which stays 401 so the store can log the user out.
 */
export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  // A support snapshot's viewer answers from the snapshot and never reaches the network.
  const replayed = replayAnswer(api);
  if (replayed) return replayed;
  const request = withIdempotencyKey(withJsonContentType(args), api.endpoint);
  let response = await rawBaseQuery(request, api, extraOptions);
  // A create whose answer was lost is sent again with the same Idempotency-Key: made once, whatever happens.
  if (carriesIdempotencyKey(request)) {
    for (let attempt = 0; !api.signal.aborted; attempt++) {
      const delay = retryDelay(response, attempt);
      if (delay === null) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      response = await rawBaseQuery(request, api, extraOptions);
    }
  }
  if (response.error) {
    const { status } = response.error;
    if (typeof status !== 'number') return { error: response.error, meta: response.meta };
    return { error: { status: status === 401 ? 401 : 500, data: response.error.data }, meta: response.meta };
  }
  const envelope = response.data as Envelope | undefined;
  if (envelope?.result !== 'Ok') return { error: { status: 500, data: envelope }, meta: response.meta };
  return { data: envelope.data ?? null, meta: response.meta };
};

/** The envelope a failed call carried, when it carried one. */
export function envelopeOf(error: unknown): Envelope | undefined {
  const data = (error as { data?: unknown } | undefined)?.data;
  return data && typeof data === 'object' && 'result' in data ? (data as Envelope) : undefined;
}

/** What the user is told of a call that got no answer, rather than the browser's own words for it. */
const unansweredMessages: Record<string, string> = {
  TIMEOUT_ERROR: 'Baton did not answer in time. Try again.',
  FETCH_ERROR: 'Baton could not be reached. Check your connection and try again.',
};

/** A message fit to show the user for a failed call. */
export function errorMessage(error: unknown): string {
  const failure = error as { status?: unknown; error?: string } | undefined;
  return (
    envelopeOf(error)?.message ??
    unansweredMessages[String(failure?.status)] ??
    failure?.error ??
    'Sorry, there was a problem.'
  );
}
