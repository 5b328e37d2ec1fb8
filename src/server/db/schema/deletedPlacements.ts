import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { projects } from './projects';

/**
 * What deleting an item from a project removed, kept for an hour so Undo can put it back as it was
 * (services/itemRestore.ts): the project context, its history and, when the item itself went (it was on
 * no other project), the item's row and its hand-offs. Rows as `to_jsonb` wrote them.
 */
export const deletedPlacements = pgTable(
  'deleted_placements',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
    /** The items row; null when the item stayed on another project. */
    item: jsonb('item'),
    context: jsonb('context').notNull(),
    history: jsonb('history').notNull(),
    /** The item's hand-offs; null when the item stayed. */
    handoffs: jsonb('handoffs'),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.itemId] }),
    index('deleted_placements_team').on(table.teamId, table.deletedAt),
  ],
);
