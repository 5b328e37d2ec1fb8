import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One fixed-window counter per limit and caller (`<ip>|signIn`, `writes:<user id>`), shared by every
 * Baton instance. A hit past `resets_at` starts a new window in the same row; rows whose window has
 * ended are swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at').on(table.resetsAt)],
);
