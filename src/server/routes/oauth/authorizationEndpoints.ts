import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { McpScopes } from '../../../shared/contract/mcp';
import type { ErrorEnvelope } from '../../../shared/contract/common';
import { MCP_OAUTH_PATH, OAUTH_PATH_PREFIX, mcpResourceUrl } from '../../oauth/authorizationServer';
import { DPOP_ALGORITHMS } from '../../oauth/dpopProof';
import { hijackKeepingHeaders } from '../hijack';

export const OAUTH_ROUTE = `${OAUTH_PATH_PREFIX}/*`;
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * The authorization server's endpoints (oidc-provider, a Koa app) served by Fastify as they are:
 * the request is handed over unread, so the provider parses its own form and JSON bodies. Also the
 * protected-resource metadata (RFC 9728) that tells an MCP client where to authorize.
 */
export default async function authorizationEndpoints(app: FastifyInstance) {
  const handle = app.oauth.callback();
  // Leave every body unread for the provider (this plugin's routes only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const passToProvider = (rewriteTo?: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    // The provider sets its own security headers; the counted request's RateLimit-* go along.
    hijackKeepingHeaders(reply, (name) => name.startsWith('ratelimit-') || name === 'x-request-id');
    if (rewriteTo) request.raw.url = rewriteTo;
    await handle(request.raw, reply.raw);
  };

  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: OAUTH_ROUTE,
    schema: { hide: true },
    handler: passToProvider(),
  });
  app.route({
    method: ['GET', 'OPTIONS'],
    url: '/.well-known/openid-configuration',
    schema: { hide: true },
    handler: passToProvider(),
  });
  // RFC 8414 metadata: the same document as OIDC discovery (MCP clients try this one first).
  app.route({
    method: ['GET', 'OPTIONS'],
    url: '/.well-known/oauth-authorization-server',
    schema: { hide: true },
    handler: passToProvider('/.well-known/openid-configuration'),
  });

  // Any other discovery document MCP clients probe for (e.g. for /mcp/token) is not here: 404, not the app's page.
  app.get('/.well-known/*', { schema: { hide: true } }, async (request, reply) => {
    const body: ErrorEnvelope = { result: 'NotFound', message: `No document at ${request.url.split('?')[0]}` };
    return reply.status(404).send(body);
  });

  const metadata = {
    resource: mcpResourceUrl(app.config.publicUrl),
    authorization_servers: [app.config.publicUrl],
    scopes_supported: [...McpScopes],
    bearer_methods_supported: ['header'],
    // A token bound to a DPoP key at the token endpoint must come with its proof (RFC 9449); Bearer stays allowed.
    dpop_signing_alg_values_supported: DPOP_ALGORITHMS,
    dpop_bound_access_tokens_required: false,
    resource_name: 'Baton',
  };
  for (const url of [PROTECTED_RESOURCE_METADATA_PATH, `${PROTECTED_RESOURCE_METADATA_PATH}${MCP_OAUTH_PATH}`]) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => {
      reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=3600');
      return metadata;
    });
  }
}
