import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SESSIONS_ENDED_CHANNEL } from '../repositories/sessions';

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
  add(stream: LiveStream): Promise<boolean>;
  remove(stream: LiveStream): void;
  /** Ends the session's streams on this instance (sign-out, a new sign-in in that browser, here or on another instance). */
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
 * streams when it ends — on this instance at once, on the others when the deletion's NOTIFY reaches
 * them (repositories/sessions.ts); a stream also checks at each heartbeat (routes/events.ts).
 */
async function liveStreams(app: FastifyInstance) {
  const byUser = new Map<string, Set<LiveStream>>();
  // Listening starts with the first stream, as the team-event hub's does: an instance that serves none holds no connection for it.
  let listening: Promise<() => Promise<void>> | null = null;
  const listen = () =>
    (listening ??= app.database.listen(SESSIONS_ENDED_CHANNEL, (sessionId) => streams.endSession(sessionId))).catch(
      (error: unknown) => {
        listening = null;
        app.log.warn({ err: error }, 'live streams: could not listen for ended sessions');
      },
    );
  const streams: LiveStreams = {
    async add(stream) {
      await listen();
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
  app.addHook('onClose', async () => {
    const stop = await listening?.catch(() => null);
    await stop?.();
  });
}

export default fp(liveStreams, { name: 'liveStreams', dependencies: ['session', 'database'] });
