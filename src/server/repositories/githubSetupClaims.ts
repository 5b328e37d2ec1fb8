import { githubSetupClaims } from '../db/schema';
import type { Db } from '../db/types';

/** Takes a manifest flow's state; false when it was taken before (the same redirect again, or a copy). */
export async function claimSetupState(db: Db, nonce: string, now: Date): Promise<boolean> {
  const taken = await db
    .insert(githubSetupClaims)
    .values({ nonce, claimedAt: now })
    .onConflictDoNothing()
    .returning({ nonce: githubSetupClaims.nonce });
  return taken.length === 1;
}
