import { index, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { teams } from './teams';

/** Shared background items hang under (agents.md §2); deleting one detaches its children. */
export const contextItems = pgTable(
  'context_items',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    kind: text('kind'),
    parentContextItemId: text('parent_context_item_id').references((): AnyPgColumn => contextItems.id, {
      onDelete: 'set null',
    }),
    createdBy: text('created_by').notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('context_items_team_id').on(table.teamId),
    index('context_items_parent').on(table.parentContextItemId),
  ],
);
export type ContextItemRow = typeof contextItems.$inferSelect;
