import type { CoreApplicationContext } from '../../../src/shared/contract/userAndTeam';

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
      teamMemberships: [{ memberUserId: 'user-1', memberEmailAddress: emailAddress, role: 0 }],
      invitedTeamMembers: [],
    },
    availableProjects: [
      { id: 'project-1', description: 'First project', projectDescription: '', status: 0, milestones: [] },
    ],
  };
}
