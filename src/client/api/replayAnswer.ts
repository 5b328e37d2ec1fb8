import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The cached reads a support snapshot holds, by cache key (the api slice's `queries`, as exported). */
type SnapshotQueries = Record<string, { status: string; data?: unknown } | undefined>;

/**
 * The thunk extra argument of a snapshot viewer's store. The API's base query sees it (BaseQueryApi
 * `extra`) and answers from the snapshot instead of the network, so a replayed page makes no call.
 */
export interface ReplayExtra {
  replaySnapshot: { queries: SnapshotQueries };
}

const isReplay = (extra: unknown): extra is ReplayExtra =>
  typeof extra === 'object' && extra !== null && 'replaySnapshot' in extra;

export const notInSnapshotMessage = 'This is a read-only snapshot: Baton makes no calls from it.';

type ReplayAnswer = { data: unknown } | { error: FetchBaseQueryError };

/**
 * In a snapshot viewer: a read the snapshot holds answers what the user's browser had (even when a page
 * asks to read it afresh); any other read, and every write, is refused without a request. Elsewhere:
 * undefined, and the call goes to the server.
 */
export function replayAnswer(api: Pick<BaseQueryApi, 'extra' | 'type' | 'queryCacheKey'>): ReplayAnswer | undefined {
  if (!isReplay(api.extra)) return undefined;
  const entry =
    api.type === 'query' && api.queryCacheKey ? api.extra.replaySnapshot.queries[api.queryCacheKey] : undefined;
  if (entry?.status === 'fulfilled') return { data: entry.data };
  return { error: { status: 'CUSTOM_ERROR', error: notInSnapshotMessage } };
}
