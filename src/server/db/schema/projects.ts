import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Milestone } from '../../../shared/contract/userAndTeam';
import { teams } from './teams';

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    projectDescription: text('project_description').notNull().default(''),
    status: integer('status').notNull().default(0),
    milestones: jsonb('milestones').$type<Milestone[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Goes up by one on every change to the project's fields: an edit made to an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (table) => [index('projects_team_id').on(table.teamId)],
);
export type ProjectRow = typeof projects.$inferSelect;
