/**
 * Baton's MCP server tokens (spec §1 "MCP server token"; §7 `GET /mcp/auth/{id}/token`): the item
 * token the terminal hand-off uses, and personal tokens a member makes for their own MCP clients.
 */
import { Type, type Static } from '@sinclair/typebox';

export const McpScopes = ['items:read', 'items:write'] as const;
export type McpScope = (typeof McpScopes)[number];

/** How long an item token lasts: a working day for the local agent, then it is useless. */
export const ITEM_TOKEN_HOURS = 24;
export const MCP_TOKEN_LIMITS = { name: 80, maxDays: 365, perUser: 50 } as const;

const Scope = Type.Union(McpScopes.map((scope) => Type.Literal(scope)));

export const ItemTokenAnswer = Type.Object({
  token: Type.String({ description: 'Shown once; Baton keeps only its hash.' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type ItemTokenAnswer = Static<typeof ItemTokenAnswer>;

export const McpToken = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('item'), Type.Literal('personal')]),
  name: Type.String(),
  /** The item an item token may write (its key), null for a personal token. */
  itemExternalId: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Scope),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type McpToken = Static<typeof McpToken>;

/** The member's own tokens in this team that still work, newest first. */
export const McpTokenList = Type.Object({ tokens: Type.Array(McpToken) });
export type McpTokenList = Static<typeof McpTokenList>;

export const CreateMcpTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MCP_TOKEN_LIMITS.name }),
    scopes: Type.Array(Scope, { minItems: 1, maxItems: McpScopes.length, uniqueItems: true }),
    expiresInDays: Type.Integer({ minimum: 1, maximum: MCP_TOKEN_LIMITS.maxDays }),
  },
  { additionalProperties: false },
);
export type CreateMcpTokenBody = Static<typeof CreateMcpTokenBody>;

export const CreatedMcpToken = Type.Composite([McpToken, Type.Object({ token: Type.String() })]);
export type CreatedMcpToken = Static<typeof CreatedMcpToken>;
