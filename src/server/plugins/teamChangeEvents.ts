import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { changesOfRequest } from '../services/teamEvents/changesOfRequest';
import { CLIENT_ID_HEADER, CLIENT_ID_PATTERN } from '../../shared/contract/events';

/**
 * After every successful write through the API, tells the team's open boards what changed
 * (services/teamEvents). Writes that do not come through a route (MCP tools, GitHub webhooks)
 * publish their own changes.
 */
async function teamChangeEvents(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const teamId = request.auth?.activeTeamId;
    const route = request.routeOptions.url;
    if (!teamId || !route || reply.statusCode >= 300) return;
    const changes = changesOfRequest({
      method: request.method,
      route,
      params: (request.params ?? {}) as Record<string, string | undefined>,
      body:
        typeof request.body === 'object' && request.body !== null
          ? (request.body as Record<string, unknown>)
          : undefined,
    });
    const clientId = request.headers[CLIENT_ID_HEADER];
    const origin = typeof clientId === 'string' && CLIENT_ID_PATTERN.test(clientId) ? clientId : undefined;
    for (const change of changes) {
      await app.teamEvents
        .publish(teamId, origin ? { ...change, origin } : change)
        .catch((error: unknown) => request.log.warn({ err: error, change }, 'team events: publish failed'));
    }
  });
}

export default fp(teamChangeEvents, { name: 'teamChangeEvents' });
