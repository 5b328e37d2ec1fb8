/**
 * Baton's MCP server tokens (spec §1 "MCP server token"; §7 `/mcp/auth/{id}/token`, by POST): the item
 * token the terminal hand-off uses, and personal tokens a member makes for their own MCP clients.
 */
import { Type, type Static } from '@sinclair/typebox';

export const McpScopes = ['items:read', 'items:write'] as const;
export type McpScope = (typeof McpScopes)[number];

/** How long an item token lasts: a working day for the local agent, then it is useless. */
export const ITEM_TOKEN_HOURS = 24;
export const MCP_TOKEN_LIMITS = { name: 80, maxDays: 365, perUser: 50 } as const;

const Scope = Type.Union(McpScopes.map((scope) => Type.Literal(scope)));

export const ItemTokenAnswer = Type.Object(
  {
    token: Type.String({ description: 'Shown once; Baton keeps only its hash.' }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ItemTokenAnswer' },
);
export type ItemTokenAnswer = Static<typeof ItemTokenAnswer>;

export const McpToken = Type.Object(
  {
    id: Type.String(),
    kind: Type.Union([Type.Literal('item'), Type.Literal('personal')]),
    name: Type.String(),
    /** The item an item token may write (its key), null for a personal token. */
    itemExternalId: Type.Union([Type.String(), Type.Null()]),
    scopes: Type.Array(Scope),
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'McpToken' },
);
export type McpToken = Static<typeof McpToken>;

/** The member's own tokens in this team that still work, newest first. */
export const McpTokenList = Type.Object({ tokens: Type.Array(McpToken) }, { $id: 'McpTokenList' });
export type McpTokenList = Static<typeof McpTokenList>;

export const CreateMcpTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MCP_TOKEN_LIMITS.name }),
    scopes: Type.Array(Scope, { minItems: 1, maxItems: McpScopes.length, uniqueItems: true }),
    expiresInDays: Type.Integer({ minimum: 1, maximum: MCP_TOKEN_LIMITS.maxDays }),
  },
  { $id: 'CreateMcpTokenBody', additionalProperties: false },
);
export type CreateMcpTokenBody = Static<typeof CreateMcpTokenBody>;

export const CreatedMcpToken = Type.Composite([McpToken, Type.Object({ token: Type.String() })], {
  $id: 'CreatedMcpToken',
});
export type CreatedMcpToken = Static<typeof CreatedMcpToken>;

/** What the consent screen shows about an MCP client asking for access (GET /oauth2/clients/{id}). */
export const OAuthClientInfo = Type.Object(
  {
    clientId: Type.String(),
    name: Type.String({ description: "The client's own name; it is not verified by Baton." }),
    /** The host of its metadata document (a URL client id) or of its redirect URI: where the code goes. */
    host: Type.String(),
    /** A logo only when it is served from that same host. */
    logoUri: Type.Union([Type.String(), Type.Null()]),
    requestedScopes: Type.Array(Scope),
    /** Whether this user already has a live connection of this client in this team. */
    approvedBefore: Type.Boolean(),
    teamName: Type.String(),
  },
  { $id: 'OAuthClientInfo' },
);
export type OAuthClientInfo = Static<typeof OAuthClientInfo>;

export const OAuthClientQuery = Type.Object(
  { interactionId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' })) },
  { additionalProperties: false },
);

export const ConsentBody = Type.Object(
  {
    interactionId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
    approve: Type.Boolean(),
    scopes: Type.Array(Scope, { maxItems: McpScopes.length, uniqueItems: true }),
  },
  { $id: 'ConsentBody', additionalProperties: false },
);
export type ConsentBody = Static<typeof ConsentBody>;

/** Where the browser goes next: back to the authorization server, which redirects to the client. */
export const ConsentAnswer = Type.Object({ redirectTo: Type.String() }, { $id: 'ConsentAnswer' });
export type ConsentAnswer = Static<typeof ConsentAnswer>;

/** An MCP client connected through OAuth (Settings → MCP), revocable. */
export const McpConnection = Type.Object(
  {
    id: Type.String(),
    clientId: Type.String(),
    clientName: Type.String(),
    host: Type.String(),
    scopes: Type.Array(Scope),
    connectedAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'McpConnection' },
);
export type McpConnection = Static<typeof McpConnection>;

export const McpConnectionList = Type.Object({ connections: Type.Array(McpConnection) }, { $id: 'McpConnectionList' });
export type McpConnectionList = Static<typeof McpConnectionList>;
