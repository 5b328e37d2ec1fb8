import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { items } from './items';

/**
 * One hand-off per send of an item to a coding agent (agents.md §3; Linear's agent session is the
 * model): the agent, the way it was reached, its state and its links. The item shows the latest.
 */
export const handoffs = pgTable(
  'handoffs',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    agent: text('agent').notNull(),
    automationKind: integer('automation_kind').notNull(),
    state: text('state').notNull(),
    repository: text('repository'),
    baseBranch: text('base_branch'),
    issueNumber: integer('issue_number'),
    issueUrl: text('issue_url'),
    /** The agent's branch, once GitHub reports it. */
    branch: text('branch'),
    /** The agent's run: Claude's "View job" link, or the workflow run that failed. */
    jobUrl: text('job_url'),
    runId: bigint('run_id', { mode: 'number' }),
    /** Pull requests linked to the hand-off's issue, in the order they were seen. */
    pullRequests: jsonb('pull_requests')
      .$type<{ number: number; url: string; state: string }[]>()
      .notNull()
      .default([]),
    /**
     * A secret the issue body carries: if GitHub opens the issue but its answer is lost, the issue is
     * found by it (a listing, or its `issues.opened` delivery) instead of opening another.
     */
    issueMarker: text('issue_marker'),
    /** The state a suspended installation paused the hand-off in; unsuspending resumes it. */
    pausedFrom: text('paused_from'),
    /** The last sign of the agent (or the send): a hand-off without one for long enough turns stale. */
    lastSignAt: timestamp('last_sign_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('handoffs_item').on(table.itemId, table.createdAt),
    index('handoffs_issue').on(table.repository, table.issueNumber),
    index('handoffs_run').on(table.runId),
    index('handoffs_marker').on(table.issueMarker),
  ],
);
export type HandoffRow = typeof handoffs.$inferSelect;

/** What happened to a hand-off, oldest first: sent, the agent's comments, branches, pull requests. */
export const handoffEvents = pgTable(
  'handoff_events',
  {
    id: text('id').primaryKey(),
    handoffId: text('handoff_id')
      .notNull()
      .references(() => handoffs.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The order events were written in (several can share a timestamp). */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    url: text('url'),
  },
  (table) => [index('handoff_events_handoff').on(table.handoffId, table.sequence)],
);
