import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { createTurns } from './turns';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A response held open (a live-event stream): it does not take a turn at the embedded database. */
    heldOpen?: boolean;
    /**
     * The route waits seconds on an outside service (an AI provider, GitHub, Stripe, a sign-in provider)
     * for little database work: holding a turn meanwhile would stall everyone, so it takes none.
     */
    callsOut?: boolean;
  }
}

/** Seconds a caller turned away is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
export const BUSY_MESSAGE = 'Baton is busy right now; try again in a moment.';

/** The API, MCP and OAuth paths: each reads the database; pages and assets do not. */
const usesDatabase = (url: string) => url.startsWith('/v1/') || url.startsWith('/mcp') || url.startsWith('/oauth');

/**
 * On the embedded database (one connection, one statement at a time) requests take turns: at most
 * `concurrency` are served at once, the rest wait in arrival order, and one whose wait and turn would
 * together pass `budgetMs` is answered 503 with Retry-After instead of starving — at once when the
 * queue ahead of it is already too long (turns.ts). Without this every request of a burst shares the
 * one connection statement by statement, and the first ones finish last. PostgreSQL's pool bounds its
 * own wait (DATABASE_CONNECT_TIMEOUT_SECONDS), so there this plugin does nothing.
 */
async function databaseTurns(app: FastifyInstance, options: { concurrency: number; budgetMs: number }) {
  if (app.database.kind !== 'pglite') return;
  const turns = createTurns(options.concurrency, options.budgetMs);
  app.addHook('onRequest', async (request, reply) => {
    const { url, config } = request.routeOptions;
    if (!url || !usesDatabase(url) || config.heldOpen || config.callsOut) return;
    const release = await turns.take();
    if (!release) {
      request.log.warn(turns.load, 'embedded database busy: request turned away');
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      throw new ApiError('Failed', BUSY_MESSAGE, 503);
    }
    // 'close' comes once the answer is sent, the connection dropped, or a hijacked stream ended.
    reply.raw.once('close', release);
    // The embedded database answers through promises alone: without a pause for the event loop, turns
    // passed from one request to the next would keep new connections and the wait timers from running.
    await new Promise((resolve) => setImmediate(resolve));
  });
}

export default fp(databaseTurns, { name: 'databaseTurns', dependencies: ['database'] });
