import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The GitHub App manifest flow's states that came back (routes/githubSetup.ts): each is taken once, so
 * a code GitHub sent is exchanged for the new app's secrets once, whichever Baton instance it reaches.
 */
export const githubSetupClaims = pgTable('github_setup_claims', {
  nonce: text('nonce').primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});
