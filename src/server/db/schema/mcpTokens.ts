import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';
import { items } from './items';

/**
 * Bearer tokens for Baton's MCP server at `/mcp/token` (spec §1 "MCP server token"): an item token
 * for the terminal hand-off (read the team's items, write that one item; 24 hours), or a personal
 * token a member makes in Settings → MCP. Only the SHA-256 of a token is stored; it is shown once.
 */
export const mcpTokens = pgTable(
  'mcp_tokens',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `item` (the terminal hand-off's) or `personal`. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The one item an item token may write; null for a personal token. */
    itemId: text('item_id').references(() => items.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mcp_tokens_hash').on(table.tokenHash),
    index('mcp_tokens_team_user').on(table.teamId, table.userId),
  ],
);
export type McpTokenRow = typeof mcpTokens.$inferSelect;
