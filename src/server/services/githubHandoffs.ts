/**
 * The writes GitHub's events make to hand-offs: finding them (only through the delivering
 * installation), moving their state through the one state machine, and telling the team's boards.
 */
import { and } from 'drizzle-orm';
import type { Db } from '../db/types';
import type { HandoffRow } from '../db/schema';
import { appendHandoffEvent, handoffWhere, lockInstallationHandoffs, updateHandoff } from '../repositories/handoffs';
import { announce } from './teamEvents/announce';
import { handoffTransition, type HandoffEvent } from './handoff/handoffStates';
import type { HandoffState } from '../../shared/contract/handoff';

export type PullRequestEntry = HandoffRow['pullRequests'][number];

/** The hand-offs behind these issues of this repository, for teams connected through this installation. */
export async function handoffsFor(
  db: Db,
  installationId: number | undefined,
  repository: string,
  issueNumbers: number[],
) {
  if (installationId === undefined || issueNumbers.length === 0) return [];
  const where = and(handoffWhere.repository(repository), handoffWhere.issueIn(issueNumbers));
  return lockInstallationHandoffs(db, installationId, where);
}

/** The hand-offs in these repositories (all when null) of teams connected through the installation. */
export async function handoffsOfInstallation(db: Db, installationId: number, repositories: string[] | null) {
  if (repositories?.length === 0) return [];
  return lockInstallationHandoffs(
    db,
    installationId,
    repositories ? handoffWhere.repositoryIn(repositories) : undefined,
  );
}

/** Adds to the hand-off's activity and tells the team's open boards the item changed (at commit). */
export async function appendAndTell(
  db: Db,
  handoff: HandoffRow,
  event: Omit<Parameters<typeof appendHandoffEvent>[1], 'handoffId'>,
) {
  await appendHandoffEvent(db, { handoffId: handoff.id, ...event });
  await announce(db, { teamId: handoff.teamId }, { kind: 'items', projectId: null, itemIds: [handoff.itemId] });
}

/** The hand-off's pull requests with this one added or updated. */
export const withPullRequest = (handoff: HandoffRow, pr: PullRequestEntry) => [
  ...handoff.pullRequests.filter((known) => known.number !== pr.number),
  pr,
];

/**
 * Moves the hand-off by the state machine (handoff/handoffStates.ts), with the links the event brought.
 * A sign of the agent also restarts the time after which it would turn stale. Answers the new state.
 */
export async function moveHandoff(
  db: Db,
  handoff: HandoffRow,
  event: HandoffEvent,
  now: Date,
  change: Partial<Pick<HandoffRow, 'pullRequests' | 'branch' | 'jobUrl' | 'runId'>> & {
    openPullRequest?: boolean;
  } = {},
): Promise<HandoffState> {
  const { openPullRequest, ...links } = change;
  const pullRequests = links.pullRequests ?? handoff.pullRequests;
  const next = handoffTransition(
    {
      state: handoff.state as HandoffState,
      pausedFrom: handoff.pausedFrom as HandoffState | null,
      openPullRequest: openPullRequest ?? pullRequests.some((pr) => pr.state === 'open'),
    },
    event,
  );
  const sign = event.kind !== 'noSign' && event.kind !== 'paused' && event.kind !== 'resumed';
  await updateHandoff(db, handoff.id, { ...links, ...next, ...(sign ? { lastSignAt: now } : {}) }, now);
  return next.state;
}
