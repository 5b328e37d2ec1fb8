import type { ActiveTeam, CoreApplicationContext } from '../../../src/shared/contract/userAndTeam';

/** The context a freshly signed-in user gets from the server. */
export function coreContextFixture(emailAddress = 'ada@example.com'): CoreApplicationContext {
  return {
    appSettings: {},
    userContext: { userId: 'user-1', activeProjectId: 'project-1', emailAddress, activeAccountId: emailAddress },
    activeTeam: {
      id: 'team-1',
      teamName: 'Analytical Engines',
      firstRunExperienceState: { dismissed: false, completedSteps: [] },
      goToMarketPlan: {},
      globalTeamData: {},
      planningDataVersion: 1,
      testCommand: null,
      teamMemberships: [{ memberUserId: 'user-1', memberEmailAddress: emailAddress, role: 0 }],
      invitedTeamMembers: [],
    },
    availableTeams: [{ id: 'team-1', teamName: 'Analytical Engines', role: 0 }],
    availableProjects: [
      { id: 'project-1', description: 'First project', projectDescription: '', status: 0, milestones: [], version: 1 },
    ],
  };
}

/** An open invite as the server shows it to an Admin of the team: with its code, role and expiry. */
export function openInviteFixture(
  memberEmailAddress: string,
  inviteCode: string,
  role = 1,
  expiresAt = '2026-12-06T12:00:00.000Z',
): ActiveTeam['invitedTeamMembers'][number] {
  return { memberEmailAddress, inviteCode, role, expiresAt };
}
