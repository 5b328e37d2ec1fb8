import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Id } from '../../../shared/contract/common';
import { CreatedMcpToken, CreateMcpTokenBody, ItemTokenAnswer, McpTokenList } from '../../../shared/contract/mcp';
import { answers, answersEmpty, ok, okEmpty } from '../responses';
import { ApiError } from '../../errors';
import { requireActiveTeam } from '../activeTeam';
import { createPersonalToken, issueItemToken, listTokens, revokeToken } from '../../services/mcp/tokens';

const tags = ['mcp'];

/**
 * MCP tokens (spec §7 `/mcp/auth/{id}/token`, made by POST: a GET must not mint a credential): the
 * terminal hand-off's item token, and each member's personal tokens for their own MCP clients
 * (Settings → MCP). Tokens are answered once.
 */
export default async function mcpTokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/mcp/auth/:id/token',
    {
      schema: {
        tags,
        operationId: 'createMcpItemToken',
        description:
          'A token for the terminal hand-off of item {id}, for 24 hours: it reads every project, item and context item of the team, and on item {id} only records progress and links the pull request (never its description, goals or test scenarios). One live token per item and member: a new one revokes the previous. Shown once; Baton keeps its hash.',
        params: Type.Object({ id: Id }),
        response: answers(ItemTokenAnswer),
      },
    },
    async (request, reply) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      reply.header('cache-control', 'no-store');
      return ok(await issueItemToken(app.db, { teamId, userId, itemId: request.params.id, now: app.clock.now() }));
    },
  );

  // The old GET made a token as a side effect of a read (a prefetch or a link could mint one).
  app.get('/mcp/auth/:id/token', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('allow', 'POST');
    throw new ApiError('InvalidRequest', 'Item tokens are made with POST /v1/mcp/auth/{id}/token.', 405);
  });

  app.get(
    '/teams/active/mcp/tokens',
    {
      schema: {
        tags,
        operationId: 'listMcpTokens',
        description: "The caller's live MCP tokens in the active team, newest first (never the tokens themselves).",
        response: answers(McpTokenList),
      },
    },
    async (request) => {
      const who = await requireActiveTeam(app, request);
      return ok(await listTokens(app.db, who, app.clock.now()));
    },
  );

  app.post(
    '/teams/active/mcp/tokens',
    {
      schema: {
        tags,
        operationId: 'createMcpToken',
        description: 'A personal MCP token with a name, scopes and a lifetime in days; the token is answered once.',
        body: CreateMcpTokenBody,
        response: answers(CreatedMcpToken),
      },
    },
    async (request, reply) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      reply.header('cache-control', 'no-store');
      return ok(await createPersonalToken(app.db, { teamId, userId, body: request.body, now: app.clock.now() }));
    },
  );

  app.delete(
    '/teams/active/mcp/tokens/:id',
    {
      schema: {
        tags,
        operationId: 'revokeMcpToken',
        description: "Revokes one of the caller's tokens at once.",
        params: Type.Object({ id: Id }),
        response: answersEmpty,
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      await revokeToken(app.db, { teamId, userId, id: request.params.id }, app.clock.now());
      return okEmpty();
    },
  );
}
