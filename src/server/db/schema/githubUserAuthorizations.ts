import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A Baton user's authorization of Baton's GitHub App (the app's OAuth web flow, agents.md §3): what
 * Copilot and Cursor need, since they are started as a GitHub user, never as the app. The tokens are
 * stored encrypted (AES-256-GCM); GitHub rotates both on every refresh.
 */
export const githubUserAuthorizations = pgTable(
  'github_user_authorizations',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    githubUserId: bigint('github_user_id', { mode: 'number' }).notNull(),
    githubLogin: text('github_login').notNull(),
    accessToken: text('access_token').notNull(),
    /** Null when the app's user tokens do not expire (an app setting). */
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshToken: text('refresh_token'),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    /** Held while one request refreshes the tokens (GitHub rotates them), without a transaction open. */
    refreshClaimedUntil: timestamp('refresh_claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('github_user_authorizations_github_user').on(table.githubUserId)],
);
export type GithubUserAuthorizationRow = typeof githubUserAuthorizations.$inferSelect;
