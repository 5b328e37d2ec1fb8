import { http, HttpResponse } from 'msw';
import type { ConsentBody, McpConnection, McpToken, OAuthClientInfo } from '../../../../src/shared/contract/mcp';
import { ok } from './mockBackend';

/** The server's side of the mcp group: the member's tokens, made and revoked as the server does. */
export const mcpBackend = {
  tokens: [] as McpToken[],
  issued: 0,
  connections: [] as McpConnection[],
  /** The client the consent screen asks about; null answers NotFound, as for an expired request. */
  client: null as OAuthClientInfo | null,
  /** The consent link was opened in a browser that did not start the authorization: 403, as the server answers. */
  otherBrowser: false,
  consents: [] as ConsentBody[],
  reset() {
    this.tokens = [];
    this.issued = 0;
    this.connections = [];
    this.client = null;
    this.otherBrowser = false;
    this.consents = [];
  },
};

const url = (path: string) => `${location.origin}/v1${path}`;

export const mcpHandlers = [
  http.get(url('/teams/active/mcp/tokens'), () => HttpResponse.json(ok({ tokens: mcpBackend.tokens }))),
  http.post(url('/teams/active/mcp/tokens'), async ({ request }) => {
    const body = (await request.json()) as { name: string; scopes: McpToken['scopes']; expiresInDays: number };
    const now = new Date('2026-11-25T10:00:00Z');
    const token: McpToken = {
      id: `token-${++mcpBackend.issued}`,
      kind: 'personal',
      name: body.name,
      itemExternalId: null,
      scopes: body.scopes,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + body.expiresInDays * 86_400_000).toISOString(),
      lastUsedAt: null,
    };
    mcpBackend.tokens.unshift(token);
    return HttpResponse.json(ok({ ...token, token: `baton_mcp_secret${mcpBackend.issued}` }));
  }),
  http.delete(url('/teams/active/mcp/tokens/:id'), ({ params }) => {
    mcpBackend.tokens = mcpBackend.tokens.filter((token) => token.id !== params.id);
    return HttpResponse.json({ result: 'Ok' });
  }),
  http.post(url('/mcp/auth/:id/token'), () => {
    mcpBackend.issued++;
    return HttpResponse.json(
      ok({ token: `baton_mcp_item${mcpBackend.issued}`, expiresAt: '2026-11-26T10:00:00.000Z' }),
    );
  }),

  http.get(url('/teams/active/mcp/connections'), () => HttpResponse.json(ok({ connections: mcpBackend.connections }))),
  http.delete(url('/teams/active/mcp/connections/:id'), ({ params }) => {
    mcpBackend.connections = mcpBackend.connections.filter((connection) => connection.id !== params.id);
    return HttpResponse.json({ result: 'Ok' });
  }),
  http.get(url('/oauth2/clients/:id'), () =>
    mcpBackend.otherBrowser
      ? HttpResponse.json(
          {
            result: 'Unauthorized',
            message:
              'This authorization request was not started in this browser (or a newer one replaced it). Approve only a connection you started yourself: start again from your MCP client on this computer.',
          },
          { status: 403 },
        )
      : mcpBackend.client
        ? HttpResponse.json(ok(mcpBackend.client))
        : HttpResponse.json(
            {
              result: 'NotFound',
              message: 'This authorization request is unknown or has expired. Start again from your MCP client.',
            },
            { status: 404 },
          ),
  ),
  http.post(url('/oauth2/consent'), async ({ request }) => {
    mcpBackend.consents.push((await request.json()) as ConsentBody);
    return HttpResponse.json(ok({ redirectTo: '/oauth/authorize/interaction-1' }));
  }),
];
