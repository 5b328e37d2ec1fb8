import { jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { projects } from './projects';
import { items } from './items';

/**
 * One stored agent draft per team, kind and scope (contract/agentDrafts.ts): `scopeId` is the project
 * id, the item id or '' for team-wide kinds, so one unique key covers all three; the project and item
 * references remove a draft with what it belongs to.
 */
export const agentDrafts = pgTable(
  'agent_drafts',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    scopeId: text('scope_id').notNull(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    itemId: text('item_id').references(() => items.id, { onDelete: 'cascade' }),
    step: text('step'),
    inputModel: jsonb('input_model').$type<Record<string, unknown>>().notNull().default({}),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    draftedBy: text('drafted_by'),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('agent_drafts_scope').on(table.teamId, table.kind, table.scopeId)],
);
export type AgentDraftRow = typeof agentDrafts.$inferSelect;
