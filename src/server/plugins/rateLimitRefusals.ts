import type { FastifyRequest } from 'fastify';
import type { Clock } from './database';

/** Above this many remembered callers, those whose window has ended are forgotten. */
const PRUNE_ABOVE = 1000;

/**
 * Logs a caller's refusals under a limit once per window: the first refusal is logged, the rest of
 * the window's are not, so a flood of refused requests costs one log line per caller per window.
 */
export function refusalLog(clock: Clock) {
  /** When the window of each logged caller (a limit's key) ends. */
  const loggedUntil = new Map<string, number>();
  /** The key and limit of a request being refused, from onExceeded until its answer is built. */
  const refusing = new WeakMap<FastifyRequest, { key: string; limit: string }>();

  const prune = (now: number) => {
    for (const [key, until] of loggedUntil) if (until <= now) loggedUntil.delete(key);
  };

  return {
    /** The library calls this with the caller's key when it refuses a request. */
    refused(request: FastifyRequest, key: string, limit: string) {
      refusing.set(request, { key, limit });
    },
    /** Called while the 429 is built, when the time left in the window is known. */
    answered(request: FastifyRequest, ttlMs: number) {
      const refusal = refusing.get(request);
      if (!refusal) return;
      const now = clock.now().getTime();
      const until = loggedUntil.get(refusal.key);
      if (until !== undefined && until > now) return;
      if (loggedUntil.size >= PRUNE_ABOVE) prune(now);
      loggedUntil.set(refusal.key, now + ttlMs);
      request.log.warn(
        { rateLimit: refusal.limit, retryAfterSeconds: Math.ceil(ttlMs / 1000) },
        'rate limit reached; further refusals of this caller in this window are not logged',
      );
    },
  };
}
