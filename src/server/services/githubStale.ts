import type { Db } from '../db/types';
import { lockHandoff, quietHandoffs } from '../repositories/handoffs';
import { AutomationKind } from '../../shared/enums';
import { codingAgentNames, type CodingAgent } from '../../shared/contract/github';
import { appendAndTell, moveHandoff } from './githubHandoffs';

/** States in which a hand-off waits for its agent, and so can go stale. */
const WAITING = ['pending', 'active', 'awaitingInput'];

/**
 * Marks stale the GitHub hand-offs with no sign of their agent for `staleAfterMs` (none picked the
 * issue up, or it stopped): the team sees it rather than "Sent" for ever. A later sign revives it.
 */
export async function sweepStaleHandoffs(db: Db, now: Date, staleAfterMs: number): Promise<number> {
  const cutoff = new Date(now.getTime() - staleAfterMs);
  const quiet = await quietHandoffs(db, {
    states: WAITING,
    automationKind: AutomationKind.GitHubIssue,
    cutoff,
    limit: 100,
  });
  for (const candidate of quiet) {
    await db.transaction(async (tx) => {
      // Read again under a lock: a delivery (or another instance's sweep) may have moved it meanwhile.
      const handoff = await lockHandoff(tx, candidate.id);
      if (!handoff || !WAITING.includes(handoff.state) || !handoff.lastSignAt || handoff.lastSignAt >= cutoff) return;
      await moveHandoff(tx, handoff, { kind: 'noSign' }, now);
      const hours = Math.round(staleAfterMs / 3_600_000);
      await appendAndTell(tx, handoff, {
        at: now,
        kind: 'stale',
        text: `No sign of ${codingAgentNames[handoff.agent as CodingAgent]} for ${hours} hour${hours === 1 ? '' : 's'}: check the issue`,
        url: handoff.issueUrl,
      });
    });
  }
  return quiet.length;
}
