import type { Db } from '../db/types';
import { ensurePersonalAccount } from '../repositories/accounts';
import {
  findMembership,
  lockPlanningData,
  setActiveProject,
  updatePlanningData,
  updateTeam,
} from '../repositories/teams';
import { setActiveTeam } from '../repositories/users';
import { createTeamWithFirstProject } from './newTeam';
import { enforceQuota } from './quotas';
import { conflict, notFound } from '../errors';
import { announce, type Writer } from './teamEvents/announce';

/**
 * Creates a team owned by the creator's own account (whose id is their e-mail), with the creator as
 * Admin and a first project, and makes it their active team. Both quotas are checked under row locks
 * in this transaction, so concurrent creates cannot overshoot them.
 */
export async function createTeam(
  db: Db,
  input: { userId: string; emailAddress: string; teamName: string },
  now: Date,
): Promise<string> {
  await ensurePersonalAccount(db, input.emailAddress);
  // Lock order account → user, the same in every path that takes both.
  await enforceQuota(db, { kind: 'owned-team', accountId: input.emailAddress }, now);
  await enforceQuota(db, { kind: 'total-teams', userId: input.userId }, now);
  const { teamId, projectId } = await createTeamWithFirstProject(db, {
    accountId: input.emailAddress,
    userId: input.userId,
    teamName: input.teamName.trim(),
  });
  await setActiveTeam(db, input.userId, teamId);
  await setActiveProject(db, teamId, input.userId, projectId);
  return teamId;
}

/** Makes one of the user's teams active; a team they are not in is NotFound, never data. */
export async function switchActiveTeam(db: Db, userId: string, teamId: string) {
  if (!(await findMembership(db, teamId, userId))) throw notFound('Team not found');
  await setActiveTeam(db, userId, teamId);
}

/**
 * Changes the team's own fields (name, planning data, first-run state). Open boards hear of it, but not
 * of the first-run state alone: that is each member's walk-through, not something a board shows.
 */
export async function changeTeamFields(db: Db, writer: Writer, change: Parameters<typeof updateTeam>[2]) {
  await updateTeam(db, writer.teamId, change);
  if (Object.keys(change).some((field) => field !== 'firstRunExperienceState')) {
    await announce(db, writer, { kind: 'team' });
  }
}

/**
 * Changes the go-to-market plan or the global team data, as an edit of the planning data's `version`
 * when one is sent: a stale edit is refused (409, with the data as it is now) and changes nothing.
 * Answers the new version.
 */
export async function changePlanningData(
  db: Db,
  writer: Writer,
  change: { goToMarketPlan: Record<string, unknown> } | { globalTeamData: Record<string, unknown> },
  version: number | undefined,
): Promise<number> {
  const current = await lockPlanningData(db, writer.teamId);
  if (!current) throw notFound('Team not found');
  if (version !== undefined && version !== current.version) {
    const what = 'goToMarketPlan' in change ? 'the go-to-market plan' : 'the global team data';
    throw conflict(`Someone else changed ${what} while you were editing it`, current);
  }
  const next = await updatePlanningData(db, writer.teamId, change);
  await announce(db, writer, { kind: 'team' });
  return next;
}
