import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';

/**
 * A team's GitHub connection (agents.md §3): the installation of Baton's GitHub App it made, checked
 * with GitHub before it was stored, and the repository and base branch its hand-offs go to. One
 * installation may serve several teams (an organisation's).
 */
export const githubConnections = pgTable(
  'github_connections',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    installationId: bigint('installation_id', { mode: 'number' }).notNull(),
    accountLogin: text('account_login').notNull(),
    accountType: text('account_type').notNull(),
    repository: text('repository'),
    baseBranch: text('base_branch'),
    /** Set while the installation is suspended on GitHub: hand-offs pause, nothing is sent. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    connectedBy: text('connected_by').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('github_connections_installation').on(table.installationId)],
);
export type GithubConnectionRow = typeof githubConnections.$inferSelect;
