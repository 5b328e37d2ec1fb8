import { http, HttpResponse } from 'msw';
import type { ActiveTeam, CoreApplicationContext } from '../../../../src/shared/contract/userAndTeam';
import { mockBackend, ok, unauthorizedBody } from './mockBackend';

const url = (path: string) => `${location.origin}/v1${path}`;
const unauthorized = () => HttpResponse.json(unauthorizedBody, { status: 401 });
const forbidden = () =>
  HttpResponse.json({ result: 'Unauthorized', message: 'Only an Admin of this team can do this.' }, { status: 403 });
export const quotaLimit = (quotaKind: string) =>
  HttpResponse.json({ result: 'QuotaLimit', message: 'Quota reached', data: { quotaKind } }, { status: 402 });
export const failed = (message = 'Database unavailable') =>
  HttpResponse.json({ result: 'Failed', message }, { status: 500 });

/** A team the signed-in user could switch to or be invited into. */
export function teamFixture(id: string, teamName: string, role = 0, emailAddress = 'ada@example.com'): ActiveTeam {
  return {
    id,
    teamName,
    firstRunExperienceState: { dismissed: false, completedSteps: [] },
    goToMarketPlan: {},
    globalTeamData: {},
    planningDataVersion: 1,
    testCommand: null,
    teamMemberships: [{ memberUserId: 'user-1', memberEmailAddress: emailAddress, role }],
    invitedTeamMembers: [],
  };
}

/** The server's side of teams and members: the user's other teams, invites and the seats left. */
export const teamsBackend = {
  otherTeams: [] as ActiveTeam[],
  ownedTeamsLeft: 1,
  seatsLeft: 5,
  invitesMade: 0,
  /** The team an invite code joins (with the role in its membership). */
  invites: new Map<string, ActiveTeam>(),
  reset() {
    this.otherTeams = [];
    this.ownedTeamsLeft = 1;
    this.seatsLeft = 5;
    this.invitesMade = 0;
    this.invites = new Map([['good-invite-code', teamFixture('team-9', 'Difference Engines', 1)]]);
  },
};
teamsBackend.reset();

const context = () => mockBackend.context;
const roleIn = (team: ActiveTeam, userId: string) =>
  team.teamMemberships.find((member) => member.memberUserId === userId)?.role;
const myRole = () => roleIn(context().activeTeam, context().userContext.userId);

/** The user's teams as the server lists them: each one they are a member of, by name, with their role. */
function teamSummaries(userId: string, teams: ActiveTeam[]): CoreApplicationContext['availableTeams'] {
  return teams
    .flatMap((team) => {
      const role = roleIn(team, userId);
      return role === undefined ? [] : [{ id: team.id, teamName: team.teamName, role }];
    })
    .sort((a, b) => a.teamName.localeCompare(b.teamName) || a.id.localeCompare(b.id));
}

/**
 * A context whose user also belongs to `otherTeams` (kept by the backend to switch to): its
 * `availableTeams` lists them all, as the server's would. Sign in with the result.
 */
export function withOtherTeams(context: CoreApplicationContext, otherTeams: ActiveTeam[]): CoreApplicationContext {
  teamsBackend.otherTeams = otherTeams;
  return {
    ...context,
    availableTeams: teamSummaries(context.userContext.userId, [context.activeTeam, ...otherTeams]),
  };
}

/** What the server shows the user of a team: the invites' codes, roles and expiry only to its Admins. */
export function teamAsSeenBy(team: ActiveTeam, userId: string): ActiveTeam {
  if (roleIn(team, userId) === 0) return team;
  return {
    ...team,
    invitedTeamMembers: team.invitedTeamMembers.map(({ memberEmailAddress }) => ({ memberEmailAddress })),
  };
}

/** The signed-in user's core context, as the server answers it. */
export function contextAsSeen(): CoreApplicationContext {
  return { ...context(), activeTeam: teamAsSeenBy(context().activeTeam, context().userContext.userId) };
}

/** Recomputes the user's team list after a change of teams, names or roles. */
function relist() {
  const { userContext, activeTeam } = context();
  mockBackend.context = {
    ...context(),
    availableTeams: teamSummaries(userContext.userId, [activeTeam, ...teamsBackend.otherTeams]),
  };
}

/** Makes a team active, keeping the one left among the user's teams. */
function activate(team: ActiveTeam): CoreApplicationContext {
  const previous = context().activeTeam;
  teamsBackend.otherTeams = [...teamsBackend.otherTeams.filter((other) => other.id !== team.id), previous];
  mockBackend.context = {
    ...context(),
    userContext: { ...context().userContext, activeProjectId: `${team.id}-project` },
    activeTeam: team,
    availableProjects: [
      {
        id: `${team.id}-project`,
        description: 'First project',
        projectDescription: '',
        status: 0,
        milestones: [],
        version: 1,
      },
    ],
  };
  relist();
  return contextAsSeen();
}

function patchTeam(changes: Partial<ActiveTeam>) {
  mockBackend.context = { ...context(), activeTeam: { ...context().activeTeam, ...changes } };
  relist();
}

export const teamsHandlers = [
  http.post(url('/teams'), async ({ request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    if (teamsBackend.ownedTeamsLeft <= 0) return quotaLimit('owned-team');
    const { teamName } = (await request.json()) as { teamName: string };
    teamsBackend.ownedTeamsLeft -= 1;
    const id = `team-${teamsBackend.otherTeams.length + 2}`;
    return HttpResponse.json(ok(activate(teamFixture(id, teamName, 0, context().userContext.emailAddress))));
  }),
  http.put(url('/users/active/active-team'), async ({ request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    const { newActiveTeamIdentity } = (await request.json()) as { newActiveTeamIdentity: string };
    const team = teamsBackend.otherTeams.find((other) => other.id === newActiveTeamIdentity);
    if (!team) return HttpResponse.json({ result: 'NotFound', message: 'Team not found' }, { status: 404 });
    return HttpResponse.json(ok(activate(team)));
  }),
  http.post(url('/users/active/accept-invite'), async ({ request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    const { inviteCode } = (await request.json()) as { inviteCode: string };
    const team = teamsBackend.invites.get(inviteCode);
    if (!team)
      return HttpResponse.json({ result: 'NotFound', message: 'This invite has already been used.' }, { status: 404 });
    teamsBackend.invites.delete(inviteCode);
    return HttpResponse.json(ok(activate(team)));
  }),
  http.put(url('/teams/active/name'), async ({ request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    if (myRole() !== 0) return forbidden();
    const { newTeamName } = (await request.json()) as { newTeamName: string };
    patchTeam({ teamName: newTeamName.trim() });
    return HttpResponse.json(ok({ teamName: newTeamName.trim() }));
  }),
  http.put(url('/teams/active/first-run-experience'), async ({ request }) => {
    const { firstRunExperienceState } = (await request.json()) as Pick<ActiveTeam, 'firstRunExperienceState'>;
    patchTeam({ firstRunExperienceState });
    return HttpResponse.json(ok({ firstRunExperienceState }));
  }),
  ...(['goToMarketPlan', 'globalTeamData'] as const).map((field) =>
    http.put(
      url(`/teams/active/${field === 'goToMarketPlan' ? 'go-to-market-plan' : 'global-team-data'}`),
      async ({ request }) => {
        const body = (await request.json()) as { version?: number } & Record<typeof field, Record<string, unknown>>;
        const team = context().activeTeam;
        if (body.version !== undefined && body.version !== team.planningDataVersion) {
          const current = {
            goToMarketPlan: team.goToMarketPlan,
            globalTeamData: team.globalTeamData,
            version: team.planningDataVersion,
          };
          return HttpResponse.json(
            { result: 'Failed', message: 'Someone else changed it', data: { current } },
            { status: 409 },
          );
        }
        const version = team.planningDataVersion + 1;
        patchTeam({ [field]: body[field], planningDataVersion: version });
        return HttpResponse.json(ok({ [field]: body[field], version }));
      },
    ),
  ),
  http.put(url('/teams/active/test-command'), async ({ request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    if (myRole() !== 0) return forbidden();
    const { testCommand } = (await request.json()) as Pick<ActiveTeam, 'testCommand'>;
    patchTeam({ testCommand });
    return HttpResponse.json(ok({ testCommand }));
  }),
  http.post(url('/teams/active/members'), async ({ request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    if (myRole() !== 0) return forbidden();
    if (teamsBackend.seatsLeft <= 0) return quotaLimit('team-members');
    const { emailAddress, role } = (await request.json()) as { emailAddress: string; role: 0 | 1 };
    teamsBackend.seatsLeft -= 1;
    teamsBackend.invitesMade += 1;
    // A new invite for an address replaces its open one.
    const invitedTeamMembers = context().activeTeam.invitedTeamMembers.filter(
      (invite) => invite.memberEmailAddress !== emailAddress,
    );
    const invite = {
      inviteCode: `invite-code-${teamsBackend.invitesMade}`,
      role,
      expiresAt: '2026-12-06T12:00:00.000Z',
    };
    patchTeam({ invitedTeamMembers: [...invitedTeamMembers, { memberEmailAddress: emailAddress, ...invite }] });
    return HttpResponse.json(ok({ ...invite, emailAddress }));
  }),
  http.delete(url('/teams/active/members/invites'), async ({ request }) => {
    if (myRole() !== 0) return forbidden();
    const { inviteReference } = (await request.json()) as {
      inviteReference: { inviteCode: string; emailAddress: string };
    };
    const matches = (invite: ActiveTeam['invitedTeamMembers'][number]) =>
      invite.inviteCode === inviteReference.inviteCode &&
      invite.memberEmailAddress.toLowerCase() === inviteReference.emailAddress.toLowerCase();
    const invites = context().activeTeam.invitedTeamMembers;
    if (!invites.some(matches))
      return HttpResponse.json({ result: 'NotFound', message: 'Invite not found' }, { status: 404 });
    teamsBackend.seatsLeft += 1;
    patchTeam({ invitedTeamMembers: invites.filter((invite) => !matches(invite)) });
    return HttpResponse.json(ok());
  }),
  http.delete(url('/teams/active/members/:userId'), ({ params }) => {
    const leaving = params.userId === context().userContext.userId;
    if (!leaving && myRole() !== 0) return forbidden();
    patchTeam({
      teamMemberships: context().activeTeam.teamMemberships.filter((member) => member.memberUserId !== params.userId),
    });
    if (leaving) {
      const left = context().activeTeam.id;
      activate(teamsBackend.otherTeams[0] ?? teamFixture('team-personal', 'Personal'));
      teamsBackend.otherTeams = teamsBackend.otherTeams.filter((other) => other.id !== left);
    }
    return HttpResponse.json(ok());
  }),
  http.put(url('/teams/active/members/:userId/role'), async ({ params, request }) => {
    if (myRole() !== 0) return forbidden();
    const { newRole } = (await request.json()) as { newRole: number };
    const teamMemberships = context().activeTeam.teamMemberships.map((member) =>
      member.memberUserId === params.userId ? { ...member, role: newRole } : member,
    );
    patchTeam({ teamMemberships });
    return HttpResponse.json(ok(teamMemberships.find((member) => member.memberUserId === params.userId)));
  }),
];
