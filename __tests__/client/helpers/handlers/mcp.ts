import { http, HttpResponse } from 'msw';
import type { McpToken } from '../../../../src/shared/contract/mcp';
import { ok } from './mockBackend';

/** The server's side of the mcp group: the member's tokens, made and revoked as the server does. */
export const mcpBackend = {
  tokens: [] as McpToken[],
  issued: 0,
  reset() {
    this.tokens = [];
    this.issued = 0;
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
  http.get(url('/mcp/auth/:id/token'), () => {
    mcpBackend.issued++;
    return HttpResponse.json(
      ok({ token: `baton_mcp_item${mcpBackend.issued}`, expiresAt: '2026-11-26T10:00:00.000Z' }),
    );
  }),
];
