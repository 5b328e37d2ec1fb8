import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An Idempotency-Key a user sent with a creating call, kept 24 hours. The row is inserted before the
 * call runs (the claim); `response_status` stays null until the answer is stored, so a duplicate that
 * arrives meanwhile sees the call in progress.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path, active team and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    /** The answer's JSON text, replayed as sent. */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at').on(table.createdAt),
  ],
);
