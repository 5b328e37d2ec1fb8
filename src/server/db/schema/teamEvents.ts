import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What changed in a team, in order: every open board of the team hears of it over
 * `GET /v1/teams/active/events` (a NOTIFY carries the id across instances; a reconnecting browser
 * replays from its Last-Event-ID). Kept a day.
 */
export const teamEvents = pgTable(
  'team_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: text('team_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('team_events_team').on(table.teamId, table.id), index('team_events_created').on(table.createdAt)],
);
export type TeamEventRow = typeof teamEvents.$inferSelect;
