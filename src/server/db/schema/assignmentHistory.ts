import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './items';
import { projects } from './projects';

/** One entry per assignment change (scope, timeframe, assignee), written in the same transaction. */
export const assignmentHistory = pgTable(
  'assignment_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull(),
    scope: integer('scope').notNull(),
    timeframeSpan: integer('timeframe_span'),
    timeframeIndex: integer('timeframe_index'),
    assignedToUserId: text('assigned_to_user_id'),
  },
  (table) => [index('assignment_history_item').on(table.projectId, table.itemId, table.id)],
);
