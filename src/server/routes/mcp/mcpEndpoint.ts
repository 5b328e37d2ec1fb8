import type { FastifyInstance } from 'fastify';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { authenticateMcpToken, type McpPrincipal } from '../../services/mcp/tokens';
import { createBatonMcpServer } from '../../mcp/batonMcpServer';

/**
 * The MCP path for bearer tokens (item and personal tokens). It advertises no OAuth: Claude Code
 * ignores a static Authorization header when the server advertises OAuth (agents.md §4).
 */
export const MCP_TOKEN_PATH = '/mcp/token';

const LOCALHOST = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Baton's MCP server over Streamable HTTP (spec §1; agents.md §4), stateless: each request is served
 * by a fresh server bound to its token, after the Host and Origin checks against DNS rebinding and
 * the token check (which re-reads the user's membership every time).
 */
export default async function mcpEndpoint(app: FastifyInstance) {
  const publicHost = new URL(app.config.publicUrl).hostname;
  const allowed = [...new Set([publicHost.includes(':') ? `[${publicHost}]` : publicHost, ...LOCALHOST])];
  const hostAllowed = hostHeaderValidation(allowed);
  const originAllowed = originValidation(allowed);

  const handler = createMcpHandler(
    (context) =>
      createBatonMcpServer({
        db: app.db,
        now: () => app.clock.now(),
        publicUrl: app.config.publicUrl,
        principal: context.authInfo!.extra!.principal as McpPrincipal,
      }),
    { onerror: (error) => app.log.warn({ err: error }, 'MCP request failed') },
  );
  const serve = toNodeHandler(handler, { onerror: (error) => app.log.error({ err: error }, 'MCP adapter failed') });
  app.addHook('onClose', async () => handler.close());

  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_TOKEN_PATH,
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.hijack();
      const { raw } = request;
      if (!hostAllowed(raw, reply.raw) || !originAllowed(raw, reply.raw)) return;
      const header = request.headers.authorization ?? '';
      const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
      const principal = token ? await authenticateMcpToken(app.db, token, app.clock.now()) : null;
      if (!principal) {
        reply.raw.writeHead(401, {
          'content-type': 'application/json',
          'www-authenticate': `Bearer realm="baton", error="invalid_token", error_description="${
            token ? 'The token is unknown, revoked or expired' : 'An MCP token is required'
          }"`,
        });
        reply.raw.end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: {
              code: -32001,
              message: 'Unauthorized: a valid Baton MCP token is required (Authorization: Bearer …).',
            },
            id: null,
          }),
        );
        return;
      }
      // The SDK reads who is calling from `req.auth` (pass-through): scopes drive its insufficient_scope answers.
      Object.assign(raw, {
        auth: {
          token: token!,
          clientId: principal.tokenId,
          scopes: principal.scopes,
          expiresAt: Math.floor(principal.expiresAt.getTime() / 1000),
          extra: { principal },
        },
      });
      await serve(raw, reply.raw, request.body);
    },
  });
}
