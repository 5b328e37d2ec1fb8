import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import type { AssessmentResult } from '../../../shared/contract/benchmark';

/**
 * Benchmark assessments a team saved (spec §1; docs/assessment.md): the answers and the result as
 * scored at the time, so a later rubric version does not rewrite history.
 */
export const benchmarkAssessments = pgTable(
  'benchmark_assessments',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    rubricVersion: integer('rubric_version').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    result: jsonb('result').$type<AssessmentResult>().notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull(),
  },
  (table) => [index('benchmark_assessments_team_created').on(table.teamId, table.dateCreated)],
);
export type BenchmarkAssessmentRow = typeof benchmarkAssessments.$inferSelect;
