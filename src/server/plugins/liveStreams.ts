import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SESSIONS_ENDED_CHANNEL } from '../repositories/sessions';
import { closeLiveStream, openLiveStream, touchLiveStream } from '../repositories/liveStreams';

/** Open live-event streams one user may hold, on all instances together: a tab each, with room for many tabs. */
export const MAX_STREAMS_PER_USER = 20;

/** Heartbeats a stream may go unseen before it stops counting (its instance stopped without closing it). */
const HEARTBEATS_UNTIL_STALE = 3;

export interface LiveStream {
  id: string;
  userId: string;
  sessionId: string;
  /** Ends the stream (idempotent). */
  end(): void;
}

export interface LiveStreams {
  /** Registers an open stream; false when the user already holds MAX_STREAMS_PER_USER on all instances. */
  add(stream: LiveStream): Promise<boolean>;
  /** Marks the stream as still open, at each heartbeat. */
  seen(stream: LiveStream): Promise<void>;
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
 * The open live-event streams: counted per user in the database, so the cap holds across instances
 * (repositories/liveStreams.ts), and held here so that a session's streams end when it ends — on this
 * instance at once, on the others when the deletion's NOTIFY reaches them (repositories/sessions.ts).
 * A stream also checks at each heartbeat that it is still allowed (routes/events.ts).
 */
async function liveStreams(app: FastifyInstance) {
  const open = new Set<LiveStream>();
  const closing = new Set<Promise<void>>();
  const freshMs = HEARTBEATS_UNTIL_STALE * app.config.liveEventsHeartbeatMs;
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
      const { id, userId, sessionId } = stream;
      if (!(await openLiveStream(app.db, { id, userId, sessionId }, MAX_STREAMS_PER_USER, freshMs))) return false;
      open.add(stream);
      return true;
    },
    seen: (stream) => touchLiveStream(app.db, stream.id),
    remove(stream) {
      if (!open.delete(stream)) return;
      const closed = closeLiveStream(app.db, stream.id)
        .catch((error: unknown) => app.log.warn({ err: error }, 'live streams: could not record a closed stream'))
        .finally(() => closing.delete(closed));
      closing.add(closed);
    },
    endSession(sessionId) {
      for (const stream of [...open]) if (stream.sessionId === sessionId) stream.end();
    },
    endAll() {
      for (const stream of [...open]) stream.end();
    },
  };
  app.decorate('liveStreams', streams);
  app.sessions.onEnd((sessionId) => streams.endSession(sessionId));
  app.addHook('preClose', async () => {
    streams.endAll();
    await Promise.allSettled(closing);
  });
  app.addHook('onClose', async () => {
    const stop = await listening?.catch(() => null);
    await stop?.();
  });
}

export default fp(liveStreams, { name: 'liveStreams', dependencies: ['session', 'database'] });
