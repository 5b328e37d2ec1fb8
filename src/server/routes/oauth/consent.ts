import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ConsentAnswer,
  ConsentBody,
  McpConnectionList,
  OAuthClientInfo,
  OAuthClientQuery,
} from '../../../shared/contract/mcp';
import { answers, answersEmpty, ok, okEmpty } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import { answerConsent, describeClient } from '../../services/mcp/oauthConsent';
import { listConnections, revokeConnection } from '../../services/mcp/oauthConnections';
import { interactionOfBrowser } from '../../oauth/interactionCookie';

const tags = ['mcp'];
const ClientId = Type.String({ minLength: 1, maxLength: 2048 });
const GrantId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

/**
 * The OAuth consent screen's API (spec §7 `GET /oauth2/clients/{id}`, `POST /oauth2/consent`) and the
 * member's OAuth connections in Settings → MCP. All need a session; the grant is for the active team.
 */
export default async function consentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/oauth2/clients/:id',
    {
      schema: {
        tags,
        operationId: 'getOAuthClient',
        description:
          'What the consent screen shows about MCP client {id}: its name, the host its codes go to, a logo from that host, and with interactionId the scopes it asks for.',
        params: Type.Object({ id: ClientId }),
        querystring: OAuthClientQuery,
        response: answers(OAuthClientInfo),
      },
    },
    async (request, reply) => {
      const account = await requireActiveTeam(app, request);
      reply.header('cache-control', 'no-store');
      return ok(
        await describeClient(app.db, app.oauth, {
          account,
          clientId: request.params.id,
          interactionId: request.query.interactionId,
          browser: { interactionId: await interactionOfBrowser(app.oauth, request.raw, reply.raw) },
          now: app.clock.now(),
        }),
      );
    },
  );

  app.post(
    '/oauth2/consent',
    {
      schema: {
        tags,
        operationId: 'answerOAuthConsent',
        description:
          "Approves (with the scopes ticked) or declines an MCP client's authorization request, only from the browser that started it; answers where the browser goes next.",
        body: ConsentBody,
        response: answers(ConsentAnswer),
      },
    },
    async (request, reply) => {
      const account = await requireActiveTeam(app, request);
      const browser = { interactionId: await interactionOfBrowser(app.oauth, request.raw, reply.raw) };
      return ok({
        redirectTo: await answerConsent(app.oauth, app.config.publicUrl, { account, body: request.body, browser }),
      });
    },
  );

  app.get(
    '/teams/active/mcp/connections',
    {
      schema: {
        tags,
        operationId: 'listMcpConnections',
        description: 'The MCP clients the caller connected to the active team through OAuth, newest first.',
        response: answers(McpConnectionList),
      },
    },
    async (request) => {
      const account = await requireActiveTeam(app, request);
      return ok(
        await listConnections(app.db, app.oauth, { account, publicUrl: app.config.publicUrl, now: app.clock.now() }),
      );
    },
  );

  app.delete(
    '/teams/active/mcp/connections/:id',
    {
      schema: {
        tags,
        operationId: 'revokeMcpConnection',
        description: 'Disconnects an MCP client: its grant and every token issued under it end at once.',
        params: Type.Object({ id: GrantId }),
        response: answersEmpty,
      },
    },
    async (request) => {
      const account = await requireActiveTeam(app, request);
      await revokeConnection(app.db, { account, id: request.params.id, now: app.clock.now() });
      return okEmpty();
    },
  );
}
