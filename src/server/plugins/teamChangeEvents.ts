import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changesOfRequest } from '../services/teamEvents/changesOfRequest';
import { insertTeamEvent } from '../repositories/teamEvents';
import type { Db } from '../db/types';
import { CLIENT_ID_HEADER, CLIENT_ID_PATTERN, type TeamEvent } from '../../shared/contract/events';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stores what this request changes in `db` (the handler's transaction), so the events commit or roll
     * back with the write and the request needs no commit of its own for them; the response hook then
     * publishes nothing more for it.
     */
    publishTeamChangesIn(request: FastifyRequest, db: Db): Promise<void>;
  }
  interface FastifyRequest {
    teamChangesPublished: boolean;
  }
}

/** The changes a successful write through the API makes to the active team, each tagged with its origin. */
function changesOf(request: FastifyRequest): TeamEvent[] {
  const route = request.routeOptions.url;
  if (!route) return [];
  const changes = changesOfRequest({
    method: request.method,
    route,
    params: (request.params ?? {}) as Record<string, string | undefined>,
    body:
      typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : undefined,
  });
  const clientId = request.headers[CLIENT_ID_HEADER];
  const origin = typeof clientId === 'string' && CLIENT_ID_PATTERN.test(clientId) ? clientId : undefined;
  return origin ? changes.map((change) => ({ ...change, origin })) : changes;
}

/**
 * After every successful write through the API, tells the team's open boards what changed
 * (services/teamEvents). A handler that writes in a transaction may store them in it instead
 * (`publishTeamChangesIn`). Writes that do not come through a route (MCP tools, GitHub webhooks)
 * publish their own changes.
 */
async function teamChangeEvents(app: FastifyInstance) {
  app.decorateRequest('teamChangesPublished', false);
  app.decorate('publishTeamChangesIn', async (request: FastifyRequest, db: Db) => {
    const teamId = request.auth?.activeTeamId;
    if (!teamId) return;
    for (const change of changesOf(request)) await insertTeamEvent(db, teamId, change);
    request.teamChangesPublished = true;
  });

  app.addHook('onResponse', async (request, reply) => {
    const teamId = request.auth?.activeTeamId;
    if (!teamId || request.teamChangesPublished || reply.statusCode >= 300) return;
    for (const change of changesOf(request)) {
      await app.teamEvents
        .publish(teamId, change)
        .catch((error: unknown) => request.log.warn({ err: error, change }, 'team events: publish failed'));
    }
  });
}

export default fp(teamChangeEvents, { name: 'teamChangeEvents' });
