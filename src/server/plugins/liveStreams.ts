import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** Open live-event streams one user may hold on one instance: a tab each, with room for many tabs. */
export const MAX_STREAMS_PER_USER = 20;

export interface LiveStream {
  userId: string;
  sessionId: string;
  /** Ends the stream (idempotent). */
  end(): void;
}

export interface LiveStreams {
  /** Registers an open stream; false when the user already holds MAX_STREAMS_PER_USER here. */
  add(stream: LiveStream): boolean;
  remove(stream: LiveStream): void;
  /** Ends the session's streams on this instance (sign-out, a new sign-in in that browser). */
  endSession(sessionId: string): void;
  /** Ends every stream, for shutdown. */
  endAll(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveStreams: LiveStreams;
  }
}

/**
 * The open live-event streams of this instance, by user: caps them per user and ends a session's
 * streams when it ends. Other instances end theirs at their next check (routes/events.ts).
 */
async function liveStreams(app: FastifyInstance) {
  const byUser = new Map<string, Set<LiveStream>>();
  const streams: LiveStreams = {
    add(stream) {
      let held = byUser.get(stream.userId);
      if (!held) byUser.set(stream.userId, (held = new Set()));
      if (held.size >= MAX_STREAMS_PER_USER) return false;
      held.add(stream);
      return true;
    },
    remove(stream) {
      const held = byUser.get(stream.userId);
      held?.delete(stream);
      if (held?.size === 0) byUser.delete(stream.userId);
    },
    endSession(sessionId) {
      for (const held of [...byUser.values()])
        for (const stream of [...held]) if (stream.sessionId === sessionId) stream.end();
    },
    endAll() {
      for (const held of [...byUser.values()]) for (const stream of [...held]) stream.end();
    },
  };
  app.decorate('liveStreams', streams);
  app.sessions.onEnd((sessionId) => streams.endSession(sessionId));
  app.addHook('preClose', async () => streams.endAll());
}

export default fp(liveStreams, { name: 'liveStreams', dependencies: ['session'] });
