import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteSession, findSession, insertSession, touchSession } from '../repositories/sessions';
import { unauthorized } from '../errors';
import type { TeamRole } from '../../shared/enums';

export interface AuthContext {
  sessionId: string;
  userId: string;
  emailAddress: string;
  activeTeamId: string | null;
  /** The user's role in the active team, or null when they are not (or no longer) a member. */
  role: TeamRole | null;
}

/** A session whose check the handler makes in its own statement (`sessionInHandler`): its id and its user. */
export interface PendingSession {
  sessionId: string;
  userId: string;
}

/** What a statement that checks the session itself needs: the session, and how recent its use and start must be. */
export interface SessionToCheck {
  id: string;
  /** Used since then, or it is due its touch (or has ended): the statement then does nothing. */
  freshSince: Date;
  /** Started after then, or it has ended. */
  bornAfter: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set instead of `auth` on a `sessionInHandler` route whose session this instance has read before. */
    pendingSession: PendingSession | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a session (sign-in, health). */
    public?: boolean;
    /**
     * The handler checks the session in its own statement (the move: services/moveInOneCall.ts), so the
     * request does not wait for a read of its own. Once this instance has read the session, such a
     * request carries `pendingSession` and no `auth` until the handler calls `sessions.check`.
     */
    sessionInHandler?: boolean;
  }
  interface FastifyInstance {
    sessions: SessionManager;
  }
}

export interface SessionManager {
  /** Starts a session for the user, ending the one the browser had (rotation at sign-in). */
  issue(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Calls `listener` with the id of each session this instance ends (sign-out, or replaced at sign-in). */
  onEnd(listener: (sessionId: string) => void): void;
  /** The check every other route gets, for a `sessionInHandler` route that needs `auth` after all. */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The request's session for a statement that checks it itself; null without one. */
  toCheck(request: FastifyRequest): SessionToCheck | null;
}

/** Writes to last_seen_at at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** Sessions' users kept for `pendingSession` (a session's user never changes); all forgotten past this many. */
const REMEMBERED_SESSIONS = 50_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function session(app: FastifyInstance, options: { secure: boolean; idleMs: number; absoluteMs: number }) {
  const cookieName = options.secure ? '__Host-baton_session' : 'baton_session';
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secure,
    path: '/',
    maxAge: Math.floor(options.idleMs / 1000),
  };

  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.decorateRequest('pendingSession', null);

  const setCookie = (reply: FastifyReply, token: string) => reply.setCookie(cookieName, token, cookieOptions);
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(cookieName, { path: '/', secure: options.secure });
  const currentToken = (request: FastifyRequest) => request.cookies[cookieName];

  const endListeners: ((sessionId: string) => void)[] = [];
  const userOfSession = new Map<string, string>();
  const endSession = async (id: string) => {
    await deleteSession(app.db, id);
    userOfSession.delete(id);
    for (const listener of endListeners) listener(id);
  };

  /** Reads and checks the session (an ended one is deleted and answered 401), touching it when due. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = currentToken(request);
    if (!token) throw unauthorized();
    const id = hashToken(token);
    const found = await findSession(app.db, id);
    const now = app.clock.now().getTime();
    if (
      !found ||
      now - found.lastSeenAt.getTime() > options.idleMs ||
      now - found.createdAt.getTime() > options.absoluteMs
    ) {
      if (found) await deleteSession(app.db, id);
      userOfSession.delete(id);
      clearCookie(reply);
      throw unauthorized('Your session has ended. Sign in again.');
    }
    if (now - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(app.db, id, new Date(now));
      setCookie(reply, token);
    }
    if (userOfSession.size >= REMEMBERED_SESSIONS) userOfSession.clear();
    userOfSession.set(id, found.userId);
    request.pendingSession = null;
    request.auth = {
      sessionId: id,
      userId: found.userId,
      emailAddress: found.emailAddress,
      activeTeamId: found.role === null ? null : found.activeTeamId,
      role: found.role as TeamRole | null,
    };
  };

  app.decorate('sessions', {
    async issue(request, reply, userId) {
      const previous = currentToken(request);
      if (previous) await endSession(hashToken(previous));
      const token = randomBytes(32).toString('base64url');
      await insertSession(app.db, { id: hashToken(token), userId, now: app.clock.now() });
      setCookie(reply, token);
    },
    async end(request, reply) {
      const token = currentToken(request);
      if (token) await endSession(hashToken(token));
      clearCookie(reply);
    },
    onEnd(listener) {
      endListeners.push(listener);
    },
    async check(request, reply) {
      if (!request.auth) await authenticate(request, reply);
    },
    toCheck(request) {
      const id = request.auth?.sessionId ?? request.pendingSession?.sessionId;
      if (!id) return null;
      const now = app.clock.now().getTime();
      return {
        id,
        freshSince: new Date(now - Math.min(TOUCH_INTERVAL_MS, options.idleMs)),
        bornAfter: new Date(now - options.absoluteMs),
      };
    },
  } satisfies SessionManager);

  app.addHook('preHandler', async (request, reply) => {
    // The route pattern, not the raw URL: /%761/… reaches the same /v1/ route and must need the same session.
    const route = request.routeOptions.url ?? '';
    if (request.routeOptions.config.public || request.is404 || !route.startsWith('/v1/')) return;
    if (request.routeOptions.config.sessionInHandler) {
      const token = currentToken(request);
      const sessionId = token === undefined ? undefined : hashToken(token);
      const userId = sessionId === undefined ? undefined : userOfSession.get(sessionId);
      if (sessionId !== undefined && userId !== undefined) {
        request.pendingSession = { sessionId, userId };
        return;
      }
    }
    await authenticate(request, reply);
  });
}

export default fp(session, { name: 'session', dependencies: ['database'] });
