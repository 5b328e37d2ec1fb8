import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { TeamEventRow } from '../db/schema';
import { streamStillAllowed } from '../repositories/streamAccess';
import { ApiError } from '../errors';
import { MAX_STREAMS_PER_USER, type LiveStream } from '../plugins/liveStreams';
import { requireActiveTeam } from './activeTeam';
import { resumePoint } from './eventsResume';
import type { TeamEvent } from '../../shared/contract/events';

/**
 * `GET /v1/teams/active/events`: the active team's changes as server-sent events, for every open
 * board (shared/contract/events.ts). Resumes after Last-Event-ID when nothing since was dropped,
 * answers `reset` otherwise; a heartbeat comment keeps proxies from closing a quiet stream; the
 * stream ends with `removed` when the user is taken out of the team, and when Baton shuts down.
 * A user holds at most MAX_STREAMS_PER_USER streams on all instances; signing out, on any instance, ends the session's.
 */
export default async function eventRoutes(app: FastifyInstance) {
  app.get(
    '/events',
    { config: { heldOpen: true }, schema: { tags: ['events'], hide: true } },
    async (request, reply) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const sessionId = request.auth!.sessionId;
      const { start, reset } = await resumePoint(app, { teamId, userId }, request.headers['last-event-id']);

      let ended = false;
      let stopDelivering = () => {};
      const stream: LiveStream = { id: randomUUID(), userId, sessionId, end: () => end() };
      if (!(await app.liveStreams.add(stream))) {
        throw new ApiError(
          'Failed',
          `Too many live-update streams are open for your account (at most ${MAX_STREAMS_PER_USER}); close some Baton tabs and reload.`,
          429,
        );
      }
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

      const heartbeat = setInterval(() => {
        response.write(': ping\n\n');
        endIfNoLongerAllowed();
      }, app.config.liveEventsHeartbeatMs);
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        stopDelivering();
        app.liveStreams.remove(stream);
        response.end();
      }
      // Marks the stream as still open (for the cap), and ends it should its session or membership have
      // ended without a word reaching this instance.
      function endIfNoLongerAllowed() {
        Promise.all([app.liveStreams.seen(stream), streamStillAllowed(app.db, sessionId, teamId)]).then(
          ([, allowed]) => allowed || end(),
          (error: unknown) => request.log.warn({ err: error }, 'team events: could not check the stream'),
        );
      }
      request.raw.on('close', end);
      // The caller may have gone while the stream was being recorded.
      if (request.raw.socket.destroyed) end();
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
      stopDelivering = await app.teamEvents.subscribe({ teamId, lastId: start, deliver });
      if (ended) stopDelivering();
    },
  );
}

function write(response: ServerResponse, id: number, event: string, data: unknown) {
  response.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
