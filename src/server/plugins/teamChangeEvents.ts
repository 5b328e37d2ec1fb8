import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changesOfRequest } from '../services/teamEvents/changesOfRequest';
import type { TeamEventsToStore } from '../repositories/teamEvents';
import { CLIENT_ID_HEADER, CLIENT_ID_PATTERN, type TeamEvent } from '../../shared/contract/events';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What this request changes, for the handler to store with its write (in its transaction, even its
     * statement), so the events commit or roll back with it and need no commit of their own; the response
     * hook then publishes nothing more for the request. Undefined without an active team.
     */
    takeTeamChanges(request: FastifyRequest): TeamEventsToStore | undefined;
  }
  interface FastifyRequest {
    teamChangesPublished: boolean;
    /** Set by a handler that creates items: their ids, which its team event then names. */
    createdItemIds: readonly string[] | null;
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
    createdItemIds: request.createdItemIds,
  });
  const clientId = request.headers[CLIENT_ID_HEADER];
  const origin = typeof clientId === 'string' && CLIENT_ID_PATTERN.test(clientId) ? clientId : undefined;
  return origin ? changes.map((change) => ({ ...change, origin })) : changes;
}

/**
 * After every successful write through the API, tells the team's open boards what changed
 * (services/teamEvents). A handler that writes in a transaction may store them with its write instead
 * (`takeTeamChanges`). Writes that do not come through a route (MCP tools, GitHub webhooks)
 * publish their own changes.
 */
async function teamChangeEvents(app: FastifyInstance) {
  app.decorateRequest('teamChangesPublished', false);
  app.decorateRequest('createdItemIds', null);
  app.decorate('takeTeamChanges', (request: FastifyRequest) => {
    const teamId = request.auth?.activeTeamId;
    if (!teamId) return undefined;
    request.teamChangesPublished = true;
    return { teamId, changes: changesOf(request) };
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
