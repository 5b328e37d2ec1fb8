import type { Db } from '../db/types';
import { findAppSettings, findUserById, setActiveTeam } from '../repositories/users';
import { findFirstMembership, findMembership, findTeam, listOpenInvites, listTeamMembers } from '../repositories/teams';
import { listTeamProjects } from '../repositories/projects';
import { ensurePersonalAccount } from '../repositories/accounts';
import { createTeamWithFirstProject, personalTeamName } from './newTeam';
import { notFound } from '../errors';
import type { ActiveTeam, CoreApplicationContext } from '../../shared/contract/userAndTeam';

/**
 * The team the user works in: their chosen active team while they are still a member, else the
 * first team they belong to, else a new personal team (a user removed from every team keeps working).
 */
export async function resolveActiveTeamId(db: Db, userId: string): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  if (user.activeTeamId && (await findMembership(db, user.activeTeamId, userId))) return user.activeTeamId;
  const first = await findFirstMembership(db, userId);
  if (first) {
    await setActiveTeam(db, userId, first.teamId);
    return first.teamId;
  }
  await ensurePersonalAccount(db, user.emailAddress);
  const { teamId } = await createTeamWithFirstProject(db, {
    accountId: user.emailAddress,
    userId,
    teamName: personalTeamName(user.emailAddress),
  });
  await setActiveTeam(db, userId, teamId);
  return teamId;
}

export async function loadActiveTeam(db: Db, teamId: string, now: Date): Promise<ActiveTeam> {
  const [team, members, openInvites] = await Promise.all([
    findTeam(db, teamId),
    listTeamMembers(db, teamId),
    listOpenInvites(db, teamId, now),
  ]);
  if (!team) throw notFound('Team not found');
  return {
    id: team.id,
    teamName: team.teamName,
    firstRunExperienceState: team.firstRunExperienceState,
    goToMarketPlan: team.goToMarketPlan,
    globalTeamData: team.globalTeamData,
    teamMemberships: members,
    invitedTeamMembers: openInvites,
  };
}

export async function loadCoreApplicationContext(db: Db, userId: string, now: Date): Promise<CoreApplicationContext> {
  const teamId = await resolveActiveTeamId(db, userId);
  const [user, appSettings, activeTeam, availableProjects, membership] = await Promise.all([
    findUserById(db, userId),
    findAppSettings(db, userId),
    loadActiveTeam(db, teamId, now),
    listTeamProjects(db, teamId),
    findMembership(db, teamId, userId),
  ]);
  if (!user) throw notFound('User not found');
  const activeProjectId = availableProjects.some((project) => project.id === membership?.activeProjectId)
    ? (membership?.activeProjectId ?? null)
    : (availableProjects[0]?.id ?? null);
  const team = await findTeam(db, teamId);
  return {
    appSettings,
    userContext: {
      userId,
      activeProjectId,
      emailAddress: user.emailAddress,
      activeAccountId: team?.accountId ?? user.emailAddress,
    },
    activeTeam,
    availableProjects,
  };
}
