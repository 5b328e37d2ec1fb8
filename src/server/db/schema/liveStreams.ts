import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { users } from './users';

/**
 * An open live-event stream, on any instance, so the per-user cap holds across instances. Its instance
 * marks it seen at every heartbeat and deletes it when it ends; a row an instance left behind (it
 * stopped without closing) stops counting once unseen for a few heartbeats. Signing out deletes the
 * session's rows with it.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('live_streams_user_id').on(table.userId)],
);
