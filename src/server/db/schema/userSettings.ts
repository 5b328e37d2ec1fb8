import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AppSettings } from '../../../shared/contract/userAndTeam';
import { users } from './users';

export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  appSettings: jsonb('app_settings').$type<AppSettings>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
