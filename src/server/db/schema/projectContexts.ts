import { doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { items } from './items';
import { projects } from './projects';

/** An item's place in one project: its plan bucket (scope × timeframe), order and assignee. */
export const projectContexts = pgTable(
  'project_contexts',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    teamId: text('team_id').notNull(),
    sortKey: doublePrecision('sort_key').notNull(),
    scope: integer('scope').notNull(),
    /** Timeframe span and index; both null when unscheduled. */
    timeframeSpan: integer('timeframe_span'),
    timeframeIndex: integer('timeframe_index'),
    assignedToUserId: text('assigned_to_user_id'),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.itemId] }),
    // A bucket in board order, ties broken by id: a neighbour is the next index entry, whatever the bucket's size.
    index('project_contexts_bucket').on(
      table.projectId,
      table.scope,
      table.timeframeSpan,
      table.timeframeIndex,
      table.sortKey,
      table.itemId,
    ),
    index('project_contexts_item_id').on(table.itemId),
  ],
);
export type ProjectContextRow = typeof projectContexts.$inferSelect;
