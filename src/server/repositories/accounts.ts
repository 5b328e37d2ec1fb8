import type { Db } from '../db/types';
import { accounts } from '../db/schema';

/** Creates the personal account keyed by the owner's e-mail, unless it already exists. */
export async function ensurePersonalAccount(db: Db, emailAddress: string) {
  await db
    .insert(accounts)
    .values({ id: emailAddress, accountName: emailAddress, billingEmail: emailAddress })
    .onConflictDoNothing({ target: accounts.id });
}
