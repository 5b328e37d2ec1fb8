import { integer, pgTable, primaryKey, text, timestamp, index } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

export const memberships = pgTable(
  'memberships',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: integer('role').notNull(),
    /** The project this member last chose in this team. */
    activeProjectId: text('active_project_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] }), index('memberships_user_id').on(table.userId)],
);
export type MembershipRow = typeof memberships.$inferSelect;
