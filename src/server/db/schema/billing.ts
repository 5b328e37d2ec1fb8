import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** A plan purchase in progress: applied at once with no payment provider, on Stripe's webhook otherwise. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    billingPeriod: integer('billing_period').notNull(),
    addOns: jsonb('add_ons').$type<{ addOn: string; quantity: number }[]>().notNull().default([]),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('checkouts_account_id').on(table.accountId)],
);

/** Payment-provider events already applied, so a replayed webhook changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per agent action, counted per account and calendar month (UTC) for the quota. */
export const agentActions = pgTable(
  'agent_actions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_actions_account_month').on(table.accountId, table.createdAt)],
);
