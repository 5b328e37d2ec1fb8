import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { authenticateMcpToken, type McpPrincipal } from '../../services/mcp/tokens';
import { authenticateOAuthAccessToken } from '../../services/mcp/oauthAccess';
import { createBatonMcpServer } from '../../mcp/batonMcpServer';
import { MCP_OAUTH_PATH } from '../../oauth/authorizationServer';
import { McpScopes } from '../../../shared/contract/mcp';
import { PROTECTED_RESOURCE_METADATA_PATH } from '../oauth/authorizationEndpoints';
import { hijackKeepingHeaders } from '../hijack';

/**
 * The MCP path for bearer tokens (item and personal tokens). It advertises no OAuth: Claude Code
 * ignores a static Authorization header when the server advertises OAuth (agents.md §4).
 */
export const MCP_TOKEN_PATH = '/mcp/token';
export { MCP_OAUTH_PATH };

const LOCALHOST = ['localhost', '127.0.0.1', '[::1]'];

interface McpPath {
  url: string;
  authenticate: (token: string) => Promise<McpPrincipal | null>;
  /** The WWW-Authenticate challenge of a 401, telling the client how to get a token on this path. */
  challenge: (tokenGiven: boolean) => string;
  missingTokenMessage: string;
}

/**
 * Baton's MCP server over Streamable HTTP (spec §1; agents.md §4), stateless: each request is served
 * by a fresh server bound to its caller, after the Host and Origin checks against DNS rebinding and
 * the token check (which re-reads the user's membership every time). Two paths: `/mcp` takes OAuth
 * access tokens and advertises the authorization server; `/mcp/token` takes Baton's MCP tokens.
 */
export default async function mcpEndpoint(app: FastifyInstance) {
  const { publicUrl } = app.config;
  const publicHost = new URL(publicUrl).hostname;
  const allowed = [...new Set([publicHost.includes(':') ? `[${publicHost}]` : publicHost, ...LOCALHOST])];
  const hostAllowed = hostHeaderValidation(allowed);
  const originAllowed = originValidation(allowed);

  const handler = createMcpHandler(
    (context) =>
      createBatonMcpServer({
        db: app.db,
        now: () => app.clock.now(),
        publicUrl,
        principal: context.authInfo!.extra!.principal as McpPrincipal,
      }),
    { onerror: (error) => app.log.warn({ err: error }, 'MCP request failed') },
  );
  const serve = toNodeHandler(handler, { onerror: (error) => app.log.error({ err: error }, 'MCP adapter failed') });
  app.addHook('onClose', async () => handler.close());

  const resourceMetadata = `${publicUrl}${PROTECTED_RESOURCE_METADATA_PATH}${MCP_OAUTH_PATH}`;
  const paths: McpPath[] = [
    {
      url: MCP_OAUTH_PATH,
      authenticate: (token) => authenticateOAuthAccessToken(app.db, app.oauth, token, publicUrl),
      // RFC 6750 §3.1: no error code when the request carried no token, so the client starts OAuth.
      challenge: (tokenGiven) =>
        `Bearer resource_metadata="${resourceMetadata}", scope="${McpScopes.join(' ')}"${
          tokenGiven
            ? ', error="invalid_token", error_description="The token is unknown, revoked, expired or not for this server"'
            : ''
        }`,
      missingTokenMessage: 'Unauthorized: sign in to Baton through your MCP client (OAuth) to use this server.',
    },
    {
      url: MCP_TOKEN_PATH,
      authenticate: (token) => authenticateMcpToken(app.db, token, app.clock.now()),
      challenge: (tokenGiven) =>
        `Bearer realm="baton", error="invalid_token", error_description="${
          tokenGiven ? 'The token is unknown, revoked or expired' : 'An MCP token is required'
        }"`,
      missingTokenMessage: 'Unauthorized: a valid Baton MCP token is required (Authorization: Bearer …).',
    },
  ];

  for (const path of paths) {
    app.route({
      method: ['GET', 'POST', 'DELETE'],
      url: path.url,
      schema: { hide: true },
      handler: async (request, reply) => {
        hijackKeepingHeaders(reply);
        const { raw } = request;
        if (!hostAllowed(raw, reply.raw) || !originAllowed(raw, reply.raw)) return;
        const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        const principal = token ? await path.authenticate(token) : null;
        if (!principal) return refuse(reply.raw, path.challenge(token !== undefined), path.missingTokenMessage);
        // The SDK reads who is calling from `req.auth`; a write tool's scopeChallenge answers 403 insufficient_scope.
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
}

function refuse(response: ServerResponse, challenge: string, message: string) {
  response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': challenge });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}
