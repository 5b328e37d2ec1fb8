import { sql, type SQL } from 'drizzle-orm';
import { customType, date, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { contextItems } from './contextItems';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export interface LocalPatternData {
  patterns: unknown[];
  patternConnections: unknown[];
}

/** A demo, implementation or go-to-market item of a team; its place in each project is in project_contexts. */
export const items = pgTable(
  'items',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    linkId: text('link_id').notNull().unique(),
    externalId: text('external_id').notNull(),
    itemType: integer('item_type').notNull(),
    description: text('description').notNull().default(''),
    workflowStatus: integer('workflow_status').notNull().default(0),
    codingAgentUrl: text('coding_agent_url'),
    pullRequestUrl: text('pull_request_url'),
    parentContextItemId: text('parent_context_item_id').references(() => contextItems.id, { onDelete: 'set null' }),
    goals: jsonb('goals').$type<string[]>().notNull().default([]),
    startDate: date('start_date', { mode: 'string' }),
    completionDate: timestamp('completion_date', { withTimezone: true }),
    implementationIds: jsonb('implementation_ids').$type<string[]>().notNull().default([]),
    projectPatternIds: jsonb('project_pattern_ids').$type<string[]>().notNull().default([]),
    localPatternData: jsonb('local_pattern_data')
      .$type<LocalPatternData>()
      .notNull()
      .default({ patterns: [], patternConnections: [] }),
    newTestScenarios: jsonb('new_test_scenarios').$type<string[]>().notNull().default([]),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Goes up by one on every change to this row: an edit made to an older version is refused (issue 12). */
    version: integer('version').notNull().default(1),
    /** Full-text search over the key and description ('simple': no stemming, works for code words). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', ${items.externalId} || ' ' || ${items.description})`,
    ),
  },
  (table) => [
    unique('items_team_external_id').on(table.teamId, table.externalId),
    index('items_team_id').on(table.teamId),
    index('items_parent_context_item_id').on(table.parentContextItemId),
    index('items_search_vector').using('gin', table.searchVector),
  ],
);
export type ItemRow = typeof items.$inferSelect;
