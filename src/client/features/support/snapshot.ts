/**
 * The support snapshot file: what the user's store held (redacted), which build made it, when, on
 * which page, and the types of the last actions. The viewer reads it back (parseSnapshot) and
 * rebuilds a store from it; anything else is refused with a message saying why.
 */
import type { RootState } from '../../app/store';
import { redactForSupport } from './redaction';

export const SNAPSHOT_FORMAT = 'baton-support-snapshot';
export const SNAPSHOT_VERSION = 2;
/** Larger files are not read: a real snapshot is a few hundred kilobytes at most. */
export const MAX_SNAPSHOT_BYTES = 20 * 1024 * 1024;

/** The RTK Query cache as a snapshot keeps it: answered reads only (no writes, subscriptions or tags). */
export type SnapshotQueries = RootState['api']['queries'];

/** The slices the viewer needs to draw what the user saw; the in-flight counters and spent invites are left out. */
export type SnapshotState = Pick<
  RootState,
  | 'coreContext'
  | 'team'
  | 'projects'
  | 'items'
  | 'itemEdits'
  | 'board'
  | 'teamEdits'
  | 'planningConflicts'
  | 'quotaError'
> & {
  api: { queries: SnapshotQueries };
};

export interface SupportSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  build: { hash: string; date: string };
  /** ISO time the snapshot was taken. */
  takenAt: string;
  /** The page the user was on: path and query string (the board's filters and open item). */
  route: string;
  includesContent: boolean;
  /** The last actions' types, oldest first; never their payloads. */
  recentActions: string[];
  state: SnapshotState;
}

export interface SnapshotInput {
  includeContent: boolean;
  route: string;
  build: { hash: string; date: string };
  recentActions: string[];
  now?: Date;
}

function answeredQueries(queries: SnapshotQueries): SnapshotQueries {
  return Object.fromEntries(
    Object.entries(queries).filter(([, entry]) => entry?.status === 'fulfilled'),
  ) as SnapshotQueries;
}

/** Builds the redacted snapshot of a store's state. */
export function buildSnapshot(state: RootState, input: SnapshotInput): SupportSnapshot {
  const kept: SnapshotState = {
    coreContext: state.coreContext,
    team: state.team,
    projects: state.projects,
    items: state.items,
    itemEdits: state.itemEdits,
    board: { ...state.board, notice: null },
    teamEdits: state.teamEdits,
    planningConflicts: state.planningConflicts,
    quotaError: state.quotaError,
    api: { queries: answeredQueries(state.api.queries) },
  };
  const redacted = redactForSupport(kept, {
    ownEmailAddress: state.coreContext.context?.userContext.emailAddress ?? null,
    includeContent: input.includeContent,
  });
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    build: input.build,
    takenAt: (input.now ?? new Date()).toISOString(),
    route: redactForSupport(input.route, { ownEmailAddress: null, includeContent: true }),
    includesContent: input.includeContent,
    recentActions: input.recentActions,
    state: redacted,
  };
}

/** The file name a snapshot downloads as: sortable, no user data. */
export function snapshotFileName(snapshot: Pick<SupportSnapshot, 'takenAt'>): string {
  return `baton-snapshot-${snapshot.takenAt.replace(/[:.]/g, '-')}.json`;
}

export type ParsedSnapshot = { ok: true; snapshot: SupportSnapshot } | { ok: false; error: string };

export const notASnapshotMessage = 'This file is not a Baton support snapshot.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a parsed file, or null when the viewer can show it. */
function problemOf(value: unknown): string | null {
  if (!isRecord(value) || value.format !== SNAPSHOT_FORMAT) return notASnapshotMessage;
  if (value.version !== SNAPSHOT_VERSION) {
    return `This snapshot has format version ${String(value.version)}; this viewer reads version ${SNAPSHOT_VERSION}.`;
  }
  const { build, state } = value;
  if (!isRecord(build) || typeof build.hash !== 'string' || typeof build.date !== 'string') {
    return 'The snapshot is damaged: its build is missing.';
  }
  if (typeof value.takenAt !== 'string' || Number.isNaN(Date.parse(value.takenAt))) {
    return 'The snapshot is damaged: its time is missing.';
  }
  if (typeof value.route !== 'string' || !value.route.startsWith('/')) {
    return 'The snapshot is damaged: its page is missing.';
  }
  if (!Array.isArray(value.recentActions) || !value.recentActions.every((type) => typeof type === 'string')) {
    return 'The snapshot is damaged: its recent actions are not a list of names.';
  }
  if (typeof value.includesContent !== 'boolean') return 'The snapshot is damaged: "includesContent" is missing.';
  if (!isRecord(state)) return 'The snapshot is damaged: its state is missing.';
  const core = state.coreContext;
  if (!isRecord(core) || core.status !== 'signedIn' || !isRecord(core.context)) {
    return 'The snapshot holds no signed-in user: there is nothing to show.';
  }
  const items = state.items;
  if (!isRecord(items) || !Array.isArray(items.ids) || !isRecord(items.shards) || !isRecord(items.bucketIds)) {
    return 'The snapshot is damaged: its board items are missing.';
  }
  for (const slice of ['team', 'projects', 'itemEdits', 'board', 'teamEdits', 'quotaError'] as const) {
    if (!isRecord(state[slice])) return `The snapshot is damaged: its "${slice}" state is missing.`;
  }
  if (!isRecord(state.api) || !isRecord(state.api.queries)) return 'The snapshot is damaged: its API cache is missing.';
  return null;
}

/**
 * Snapshots taken before the board loaded in two parts (head, then rest) have no fields for it: their
 * board was whole once shown. Filled in, so the viewer never reads them as undefined.
 */
function withBoardLoadDefaults(snapshot: SupportSnapshot): SupportSnapshot {
  const items = { ...BOARD_LOADED_WHOLE, ...snapshot.state.items };
  return { ...snapshot, state: { ...snapshot.state, items } };
}

const BOARD_LOADED_WHOLE: Pick<
  RootState['items'],
  'complete' | 'unloadedCounts' | 'headEventId' | 'changeMissed' | 'restError'
> = { complete: true, unloadedCounts: {}, headEventId: null, changeMissed: false, restError: null };

/** Reads a file's text as a snapshot, or says plainly why it cannot be shown. */
export function parseSnapshot(text: string): ParsedSnapshot {
  if (text.length > MAX_SNAPSHOT_BYTES) return { ok: false, error: 'This file is too large to be a Baton snapshot.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: `${notASnapshotMessage} It is not JSON.` };
  }
  const problem = problemOf(value);
  return problem
    ? { ok: false, error: problem }
    : { ok: true, snapshot: withBoardLoadDefaults(value as SupportSnapshot) };
}
