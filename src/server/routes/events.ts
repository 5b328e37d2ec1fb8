import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { TeamEventRow } from '../db/schema';
import { keptTeamEventIds, latestTeamEventId } from '../repositories/teamEvents';
import { requireActiveTeam } from './activeTeam';
import { TEAM_EVENTS_HEARTBEAT_SECONDS, type TeamEvent } from '../../shared/contract/events';

/**
 * `GET /v1/teams/active/events`: the active team's changes as server-sent events, for every open
 * board (shared/contract/events.ts). Resumes after Last-Event-ID when nothing since was dropped,
 * answers `reset` otherwise; a heartbeat comment keeps proxies from closing a quiet stream; the
 * stream ends with `removed` when the user is taken out of the team, and when Baton shuts down.
 */
export default async function eventRoutes(app: FastifyInstance) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => open.forEach((end) => end()));

  app.get('/events', { schema: { tags: ['events'], hide: true } }, async (request, reply) => {
    const { teamId, userId } = await requireActiveTeam(app, request);
    const { start, reset } = await startingPoint(app, teamId, request.headers['last-event-id']);
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    response.write('retry: 2000\n\n');
    if (reset) write(response, start, 'reset', {});

    let unsubscribe = () => {};
    const heartbeat = setInterval(() => response.write(': ping\n\n'), TEAM_EVENTS_HEARTBEAT_SECONDS * 1000);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      response.end();
    };
    open.add(end);
    request.raw.on('close', end);
    const deliver = (rows: TeamEventRow[]) => {
      for (const row of rows) {
        const change = row.payload as TeamEvent;
        if (change.kind === 'memberRemoved' && change.userId === userId) {
          write(response, row.id, 'removed', {});
          return end();
        }
        write(response, row.id, 'change', change);
      }
    };
    unsubscribe = await app.teamEvents.subscribe({ teamId, lastId: start, deliver });
    if (response.writableEnded) unsubscribe();
  });
}

function write(response: ServerResponse, id: number, event: string, data: unknown) {
  response.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Where the stream starts: after Last-Event-ID when every later event is still kept, else now with a reset. */
async function startingPoint(app: FastifyInstance, teamId: string, lastEventId: string | string[] | undefined) {
  const latest = await latestTeamEventId(app.db, teamId);
  if (typeof lastEventId !== 'string' || !/^\d{1,15}$/.test(lastEventId)) return { start: latest, reset: false };
  const resumeAfter = Number(lastEventId);
  const kept = await keptTeamEventIds(app.db);
  const missed = kept === null ? resumeAfter > 0 : resumeAfter < kept.oldest - 1 || resumeAfter > kept.newest;
  return missed ? { start: latest, reset: true } : { start: resumeAfter, reset: false };
}
