import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The OAuth authorization server's state (oidc-provider's models: grants, interactions, sessions,
 * authorization codes, access and refresh tokens, registered clients, Baton's signing key), one row
 * per model instance, so any instance can continue what another started and nothing lives in memory.
 */
export const oauthModels = pgTable(
  'oauth_models',
  {
    /** The oidc-provider model name: Grant, Interaction, AccessToken, RefreshToken, Client, … */
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    /** The Baton user and team the model acts for (a grant's or a token's accountId). */
    accountId: text('account_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('oauth_models_grant').on(table.grantId),
    index('oauth_models_uid').on(table.uid),
    index('oauth_models_account').on(table.kind, table.accountId),
    index('oauth_models_expires').on(table.expiresAt),
  ],
);
export type OAuthModelRow = typeof oauthModels.$inferSelect;
