import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import { agentActions } from '../db/schema';

/** Stores one counted agent action (an AI provider's generation) against the account's monthly quota. */
export async function insertAgentAction(
  db: Db,
  action: { accountId: string; teamId: string; userId: string; kind: string; now: Date },
) {
  await db.insert(agentActions).values({
    id: randomUUID(),
    accountId: action.accountId,
    teamId: action.teamId,
    userId: action.userId,
    kind: action.kind,
    createdAt: action.now,
  });
}
