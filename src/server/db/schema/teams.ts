import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FirstRunExperienceState, JsonObjectValue } from './jsonTypes';
import { accounts } from './accounts';

export const teams = pgTable('teams', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  teamName: text('team_name').notNull(),
  /** Prefix of item externalIds, e.g. BAT in BAT-12. */
  teamKey: text('team_key').notNull(),
  /** Last externalId number handed out; never goes down, so numbers are never reused. */
  lastItemNumber: integer('last_item_number').notNull().default(0),
  timeZone: text('time_zone').notNull().default('UTC'),
  firstRunExperienceState: jsonb('first_run_experience_state')
    .$type<FirstRunExperienceState>()
    .notNull()
    .default({ dismissed: false, completedSteps: [] }),
  goToMarketPlan: jsonb('go_to_market_plan').$type<JsonObjectValue>().notNull().default({}),
  globalTeamData: jsonb('global_team_data').$type<JsonObjectValue>().notNull().default({}),
  /** Goes up on every change to the go-to-market plan or the global team data: an edit made to an older one is refused. */
  planningDataVersion: integer('planning_data_version').notNull().default(1),
  /** What coding agents run to test their change (shared/testCommand.ts); null: the usual runners. */
  testCommand: text('test_command'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TeamRow = typeof teams.$inferSelect;
