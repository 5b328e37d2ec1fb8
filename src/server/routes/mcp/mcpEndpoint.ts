import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { authenticateMcpToken, type McpPrincipal } from '../../services/mcp/tokens';
import { authenticateOAuthAccessToken, type PresentedAccessToken } from '../../services/mcp/oauthAccess';
import { DPOP_ALGORITHMS } from '../../oauth/dpopProof';
import { createBatonMcpServer } from '../../mcp/batonMcpServer';
import { MCP_OAUTH_PATH } from '../../oauth/authorizationServer';
import { McpScopes } from '../../../shared/contract/mcp';
import { PROTECTED_RESOURCE_METADATA_PATH } from '../oauth/authorizationEndpoints';
import { hijackKeepingHeaders } from '../hijack';

/**
 * The MCP path for bearer tokens (item and personal tokens). It advertises no OAuth, so a client
 * given one of these tokens is never sent into a sign-in it cannot finish (agents.md §4).
 */
export const MCP_TOKEN_PATH = '/mcp/token';
export { MCP_OAUTH_PATH };

const LOCALHOST = ['localhost', '127.0.0.1', '[::1]'];
const AUTHORIZATION = /^(Bearer|DPoP)\s+(\S+)$/i;

type Authentication = { principal: McpPrincipal } | { challenge: string; message: string };

interface McpPath {
  url: string;
  /** Who calls with this token, or the 401's WWW-Authenticate challenge telling the client how to get one. */
  authenticate: (presented: PresentedAccessToken | null) => Promise<Authentication>;
}

/** The token in the Authorization header (Bearer, or DPoP with its proof), or null. */
function presentedToken(request: FastifyRequest): PresentedAccessToken | null {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const scheme = match[1]!.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
  return { scheme, token: match[2]!, proof: request.headers.dpop, method: request.method };
}

/**
 * Baton's MCP server over Streamable HTTP (spec §1; agents.md §4), stateless: each request is served
 * by a fresh server bound to its caller, after the Host and Origin checks against DNS rebinding and
 * the token check (which re-reads the user's membership every time). Two paths: `/mcp` takes OAuth
 * access tokens (DPoP-bound ones only with their key's proof) and advertises the authorization
 * server; `/mcp/token` takes Baton's MCP tokens.
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
        githubWebUrl: app.config.github?.webUrl ?? 'https://github.com',
        principal: context.authInfo!.extra!.principal as McpPrincipal,
        requestMethod: context.authInfo!.extra!.method as string | undefined,
      }),
    { onerror: (error) => app.log.warn({ err: error }, 'MCP request failed') },
  );
  const serve = toNodeHandler(handler, { onerror: (error) => app.log.error({ err: error }, 'MCP adapter failed') });
  app.addHook('onClose', async () => handler.close());

  const resourceMetadata = `${publicUrl}${PROTECTED_RESOURCE_METADATA_PATH}${MCP_OAUTH_PATH}`;
  const oauthChallenge = `resource_metadata="${resourceMetadata}", scope="${McpScopes.join(' ')}"`;
  const paths: McpPath[] = [
    {
      url: MCP_OAUTH_PATH,
      authenticate: async (presented) => {
        // RFC 6750 §3.1: no error code when the request carried no token, so the client starts OAuth.
        if (!presented) {
          return {
            challenge: `Bearer ${oauthChallenge}`,
            message: 'Unauthorized: sign in to Baton through your MCP client (OAuth) to use this server.',
          };
        }
        const access = await authenticateOAuthAccessToken(app.db, app.oauth, publicUrl, presented);
        if ('principal' in access) return access;
        const error = `error="${access.refused}", error_description="${access.description}"`;
        return {
          challenge: access.dpop
            ? `DPoP algs="${DPOP_ALGORITHMS.join(' ')}", ${oauthChallenge}, ${error}`
            : `Bearer ${oauthChallenge}, ${error}`,
          message: `Unauthorized: ${access.description}.`,
        };
      },
    },
    {
      url: MCP_TOKEN_PATH,
      authenticate: async (presented) => {
        const principal =
          presented?.scheme === 'Bearer' ? await authenticateMcpToken(app.db, presented.token, app.clock.now()) : null;
        if (principal) return { principal };
        return {
          challenge: `Bearer realm="baton", error="invalid_token", error_description="${
            presented ? 'The token is unknown, revoked or expired' : 'An MCP token is required'
          }"`,
          message: 'Unauthorized: a valid Baton MCP token is required (Authorization: Bearer …).',
        };
      },
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
        const presented = presentedToken(request);
        const authentication = await path.authenticate(presented);
        if (!('principal' in authentication)) {
          return refuse(reply.raw, authentication.challenge, authentication.message);
        }
        const { principal } = authentication;
        // The SDK reads who is calling from `req.auth`; a write tool's scopeChallenge answers 403 insufficient_scope.
        Object.assign(raw, {
          auth: {
            token: presented!.token,
            clientId: principal.tokenId,
            scopes: principal.scopes,
            expiresAt: Math.floor(principal.expiresAt.getTime() / 1000),
            // The method lets a read-only token's tools/list leave out the write tools (batonMcpServer.ts).
            extra: { principal, method: (request.body as { method?: unknown } | undefined)?.method },
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
