import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';

/** An invitation to a team, bound to an address and a role, usable once before it expires. */
export const invites = pgTable(
  'invites',
  {
    inviteCode: text('invite_code').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    emailAddress: text('email_address').notNull(),
    role: integer('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: text('accepted_by_user_id'),
  },
  (table) => [index('invites_team_id').on(table.teamId)],
);
export type InviteRow = typeof invites.$inferSelect;
