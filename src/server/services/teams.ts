import type { Db } from '../db/types';
import { ensurePersonalAccount } from '../repositories/accounts';
import { findMembership, setActiveProject, updateTeam } from '../repositories/teams';
import { setActiveTeam } from '../repositories/users';
import { createTeamWithFirstProject } from './newTeam';
import { enforceQuota } from './quotas';
import { notFound } from '../errors';
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
