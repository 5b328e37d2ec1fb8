import type { FastifyInstance } from 'fastify';
import { invalidRequest } from '../errors';
import { keptTeamEventIds, latestTeamEventId } from '../repositories/teamEvents';
import { lastEventBeforeJoining } from '../repositories/streamAccess';

/** An event id as the stream writes it; anything else in Last-Event-ID is refused. */
const EVENT_ID = /^\d{1,15}$/;

/**
 * Where a stream starts: after Last-Event-ID when every later event is still kept and the user was in
 * the team then, else now with a reset (the board reloads what it shows). No Last-Event-ID: now.
 */
export async function resumePoint(
  app: FastifyInstance,
  member: { teamId: string; userId: string },
  lastEventId: string | string[] | undefined,
): Promise<{ start: number; reset: boolean }> {
  if (lastEventId !== undefined && (typeof lastEventId !== 'string' || !EVENT_ID.test(lastEventId))) {
    throw invalidRequest('Last-Event-ID must be the id of an event this stream sent (digits only).');
  }
  const latest = await latestTeamEventId(app.db, member.teamId);
  if (lastEventId === undefined) return { start: latest, reset: false };
  const resumeAfter = Number(lastEventId);
  const kept = await keptTeamEventIds(app.db);
  const missed = kept === null ? resumeAfter > 0 : resumeAfter < kept.oldest - 1 || resumeAfter > kept.newest;
  // Events from before the user joined are not theirs to replay.
  const beforeJoining = missed
    ? false
    : resumeAfter < (await lastEventBeforeJoining(app.db, member.teamId, member.userId));
  return missed || beforeJoining ? { start: latest, reset: true } : { start: resumeAfter, reset: false };
}
