import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A billing account. A personal account's id is its owner's e-mail address (spec §6). */
export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  accountName: text('account_name').notNull(),
  billingEmail: text('billing_email').notNull(),
  plan: text('plan').notNull().default('free'),
  billingPeriod: integer('billing_period').notNull().default(0),
  addOns: jsonb('add_ons').$type<{ addOn: string; quantity: number }[]>().notNull().default([]),
  status: text('status').notNull().default('active'),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AccountRow = typeof accounts.$inferSelect;
