import type { Db } from '../db/types';
import { findAppSettings, findUserById, setActiveTeam } from '../repositories/users';
import {
  findFirstMembership,
  findMembership,
  findTeam,
  listOpenInvites,
  listTeamMembers,
  listUserTeams,
} from '../repositories/teams';
import { TeamRole } from '../../shared/enums';
import { listTeamProjects } from '../repositories/projects';
import { ensurePersonalAccount } from '../repositories/accounts';
import { createTeamWithFirstProject, personalTeamName } from './newTeam';
import { notFound } from '../errors';
import type { TeamRow } from '../db/schema';
import type { ActiveTeam, CoreApplicationContext } from '../../shared/contract/userAndTeam';

/**
 * The team the user works in: their chosen active team while they are still a member, else the
 * first team they belong to, else a new personal team (a user removed from every team keeps working).
 */
export async function resolveActiveTeamId(db: Db, userId: string): Promise<string> {
  return (await resolveActiveTeam(db, userId)).teamId;
}

/** As resolveActiveTeamId, also giving the user row it read, so callers need not read it again. */
async function resolveActiveTeam(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  if (user.activeTeamId && (await findMembership(db, user.activeTeamId, userId))) {
    return { user, teamId: user.activeTeamId };
  }
  const first = await findFirstMembership(db, userId);
  if (first) {
    await setActiveTeam(db, userId, first.teamId);
    return { user, teamId: first.teamId };
  }
  await ensurePersonalAccount(db, user.emailAddress);
  const { teamId } = await createTeamWithFirstProject(db, {
    accountId: user.emailAddress,
    userId,
    teamName: personalTeamName(user.emailAddress),
  });
  await setActiveTeam(db, userId, teamId);
  return { user, teamId };
}

/** The active team as `viewerRole` may see it: invite codes only for Admins. */
export async function loadActiveTeam(
  db: Db,
  teamId: string,
  now: Date,
  viewerRole: TeamRole | null,
): Promise<ActiveTeam> {
  const team = await findTeam(db, teamId);
  if (!team) throw notFound('Team not found');
  return describeTeam(db, team, now, viewerRole);
}

async function describeTeam(db: Db, team: TeamRow, now: Date, viewerRole: TeamRole | null): Promise<ActiveTeam> {
  // One after another: inside a transaction every query shares one connection.
  const teamMemberships = await listTeamMembers(db, team.id);
  const openInvites = await listOpenInvites(db, team.id, now);
  const invitedTeamMembers = openInvites.map((invite) =>
    viewerRole === TeamRole.Admin
      ? { ...invite, expiresAt: invite.expiresAt.toISOString() }
      : { memberEmailAddress: invite.memberEmailAddress },
  );
  return {
    id: team.id,
    teamName: team.teamName,
    firstRunExperienceState: team.firstRunExperienceState,
    goToMarketPlan: team.goToMarketPlan,
    globalTeamData: team.globalTeamData,
    planningDataVersion: team.planningDataVersion,
    testCommand: team.testCommand,
    teamMemberships,
    invitedTeamMembers,
  };
}

export async function loadCoreApplicationContext(db: Db, userId: string, now: Date): Promise<CoreApplicationContext> {
  const { user, teamId } = await resolveActiveTeam(db, userId);
  const appSettings = await findAppSettings(db, userId);
  const team = await findTeam(db, teamId);
  if (!team) throw notFound('Team not found');
  const membership = await findMembership(db, teamId, userId);
  const activeTeam = await describeTeam(db, team, now, (membership?.role ?? null) as TeamRole | null);
  const availableProjects = await listTeamProjects(db, teamId);
  const availableTeams = await listUserTeams(db, userId);
  const activeProjectId = availableProjects.some((project) => project.id === membership?.activeProjectId)
    ? (membership?.activeProjectId ?? null)
    : (availableProjects[0]?.id ?? null);
  return {
    appSettings,
    userContext: {
      userId,
      activeProjectId,
      emailAddress: user.emailAddress,
      activeAccountId: team.accountId,
    },
    activeTeam,
    availableProjects,
    availableTeams,
  };
}
