/**
 * Group commit for moves. One call is under way at a time (`movesInOneCall`); the moves that arrive
 * meanwhile wait, and go together in the next: one round trip and one commit for all of them, where
 * each would otherwise hold its project's lock through a commit of its own. A call that takes long (a
 * lock held elsewhere, a big bucket to reassign) does not hold up the rest: once every call under way
 * is that slow another starts beside them, up to `calls`, for moves of the other projects. Moves of a
 * project go in the order they came, never in two calls at once; a call takes its projects' locks in
 * one order (by id), so two calls cannot deadlock. With nothing under way a move goes at once.
 */
import type { MoveCall, MoveCalled } from './moveCall';

/** Enough for every move a burst brings to one project, few enough to keep a call's locks short. */
export const MOVES_PER_CALL = 32;

/** A call this long is slow: a typical one, of a few dozen moves, takes a few milliseconds. */
export const SLOW_MOVE_CALL_MS = 25;

export interface MoveBatchLimits {
  /** Calls under way at once at most, each on a pooled connection. */
  calls: number;
  /** Moves in one call. */
  movesPerCall: number;
  /** How long the calls under way must all have taken before another starts beside them. */
  slowCallMs: number;
}

export interface MoveBatches {
  /** The move done (with the others in its call), or null when its transaction must run instead. */
  move(call: MoveCall): Promise<MoveCalled | null>;
}

interface Waiting {
  call: MoveCall;
  resolve: (answer: MoveCalled | null) => void;
  reject: (error: unknown) => void;
}

const byProject = (a: Waiting, b: Waiting) =>
  a.call.projectId < b.call.projectId ? -1 : a.call.projectId > b.call.projectId ? 1 : 0;

/** An error PostgreSQL answered for the statement (it has a SQLSTATE): the statement changed nothing. */
const statementFailed = (error: unknown) =>
  typeof (error as { code?: unknown } | null)?.code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

/** Several moves in one call, answered in their order (`movesInOneCall` on the app's database). */
export type SendMoves = (calls: readonly MoveCall[]) => Promise<(MoveCalled | null)[]>;

export function createMoveBatches(send: SendMoves, limits: MoveBatchLimits): MoveBatches {
  const waiting: Waiting[] = [];
  const busyProjects = new Set<string>();
  /** When each call under way started (Date.now). */
  const underWay = new Set<{ at: number }>();
  let recheck: NodeJS.Timeout | null = null;

  /** The waiting moves of projects with no call under way, oldest first, up to a call's worth. */
  function nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    for (let i = 0; i < waiting.length && batch.length < limits.movesPerCall;) {
      if (busyProjects.has(waiting[i]!.call.projectId)) i++;
      else batch.push(waiting.splice(i, 1)[0]!);
    }
    return batch.sort(byProject); // stable: a project's moves keep their order
  }

  async function run(batch: Waiting[]) {
    const projects = new Set(batch.map((waiter) => waiter.call.projectId));
    for (const project of projects) busyProjects.add(project);
    const started = { at: Date.now() };
    underWay.add(started);
    try {
      const answers = await send(batch.map((waiter) => waiter.call));
      batch.forEach((waiter, i) => waiter.resolve(answers[i] ?? null));
    } catch (error) {
      // One move alone answers its error as before. Several: the statement failed as a whole and
      // changed nothing (a deadlock with another writer, say), so each runs its own transaction.
      if (batch.length > 1 && statementFailed(error)) for (const waiter of batch) waiter.resolve(null);
      else for (const waiter of batch) waiter.reject(error);
    } finally {
      for (const project of projects) busyProjects.delete(project);
      underWay.delete(started);
      pump();
    }
  }

  /** Whether another call may start now; if not yet, when it may (ms from now), or null: not before one ends. */
  function callAllowed(now: number): true | number | null {
    if (underWay.size === 0) return true;
    if (underWay.size >= limits.calls) return null;
    const youngest = Math.max(...[...underWay].map((call) => call.at));
    const wait = youngest + limits.slowCallMs - now;
    return wait <= 0 ? true : wait;
  }

  function pump() {
    if (recheck) clearTimeout(recheck);
    recheck = null;
    for (;;) {
      const allowed = callAllowed(Date.now());
      if (allowed !== true) {
        // Moves are waiting behind calls that may turn slow: look again when they would be.
        if (allowed !== null && waiting.some((waiter) => !busyProjects.has(waiter.call.projectId)))
          recheck = setTimeout(pump, allowed);
        return;
      }
      const batch = nextBatch();
      if (batch.length === 0) return;
      void run(batch);
    }
  }

  return {
    move(call) {
      return new Promise((resolve, reject) => {
        waiting.push({ call, resolve, reject });
        pump();
      });
    },
  };
}
