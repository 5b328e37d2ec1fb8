import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * GitHub webhook deliveries, one row per `X-GitHub-Delivery` (a repeat is dropped by the key): the
 * verified payload is stored and acknowledged at once, then applied from here after the commit.
 */
export const githubDeliveries = pgTable(
  'github_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey(),
    event: text('event').notNull(),
    installationId: bigint('installation_id', { mode: 'number' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    outcome: text('outcome'),
    /** Failed attempts to apply it so far; it is tried again after a growing wait, up to a limit. */
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time: the backoff after a failed attempt. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** An instance applying it holds it until then (outside any transaction, so GitHub may be asked). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [index('github_deliveries_pending').on(table.processedAt, table.receivedAt)],
);
