import { pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users';

/** An external identity: the provider's (issuer, subject) pair, never matched by e-mail alone. */
export const identities = pgTable(
  'identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identityProvider: text('identity_provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('identities_issuer_subject').on(table.issuer, table.subject)],
);
