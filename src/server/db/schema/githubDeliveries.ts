import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (table) => [index('github_deliveries_pending').on(table.processedAt, table.receivedAt)],
);
