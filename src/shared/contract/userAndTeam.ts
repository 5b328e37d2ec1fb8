import { Type, type Static } from '@sinclair/typebox';
import { EmailAddress, Id, JsonObject } from './common';

export const Themes = ['system', 'light', 'dark'] as const;

export const AppSettings = Type.Object(
  {
    theme: Type.Optional(Type.Union(Themes.map((theme) => Type.Literal(theme)))),
  },
  { $id: 'AppSettings', additionalProperties: false },
);
export type AppSettings = Static<typeof AppSettings>;

export const Milestone = Type.Object(
  {
    index: Type.Integer({ minimum: 0 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    targetDate: Type.String({ format: 'date' }),
  },
  { $id: 'Milestone' },
);
export type Milestone = Static<typeof Milestone>;

export const Project = Type.Object(
  {
    id: Id,
    description: Type.String(),
    projectDescription: Type.String(),
    status: Type.Integer({ minimum: 0, maximum: 2 }),
    milestones: Type.Array(Milestone),
    /** Goes up on every change; sent back with an edit so a stale edit is refused (409). */
    version: Type.Integer({ minimum: 1 }),
  },
  { $id: 'Project' },
);
export type Project = Static<typeof Project>;

export const FirstRunExperienceState = Type.Object(
  {
    dismissed: Type.Boolean(),
    completedSteps: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }),
  },
  { $id: 'FirstRunExperienceState', additionalProperties: false },
);
export type FirstRunExperienceState = Static<typeof FirstRunExperienceState>;

export const TeamMembership = Type.Object(
  {
    memberUserId: Id,
    memberEmailAddress: Type.String(),
    role: Type.Integer({ minimum: 0, maximum: 1 }),
  },
  { $id: 'TeamMembership' },
);

export const ActiveTeam = Type.Object(
  {
    id: Id,
    teamName: Type.String(),
    firstRunExperienceState: FirstRunExperienceState,
    goToMarketPlan: JsonObject,
    globalTeamData: JsonObject,
    /** Goes up on every change to the go-to-market plan or the global team data (edits send it back). */
    planningDataVersion: Type.Integer({ minimum: 1 }),
    /** What coding agents run to test their change; null: the usual runners (../testCommand.ts). */
    testCommand: Type.Union([Type.String(), Type.Null()]),
    teamMemberships: Type.Array(TeamMembership),
    /** Open invites; the code, role and expiry are shown to Admins only (they copy and revoke them). */
    invitedTeamMembers: Type.Array(
      Type.Object({
        memberEmailAddress: Type.String(),
        inviteCode: Type.Optional(Type.String()),
        role: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
      }),
    ),
  },
  { $id: 'ActiveTeam' },
);
export type ActiveTeam = Static<typeof ActiveTeam>;

export const UserContext = Type.Object(
  {
    userId: Id,
    activeProjectId: Type.Union([Id, Type.Null()]),
    emailAddress: Type.String(),
    activeAccountId: Type.String(),
  },
  { $id: 'UserContext' },
);
export type UserContext = Static<typeof UserContext>;

/** A team the user belongs to, for the team switcher. */
export const TeamSummary = Type.Object(
  {
    id: Id,
    teamName: Type.String(),
    role: Type.Integer({ minimum: 0, maximum: 1 }),
  },
  { $id: 'TeamSummary' },
);
export type TeamSummary = Static<typeof TeamSummary>;

export const CoreApplicationContext = Type.Object(
  {
    appSettings: AppSettings,
    userContext: UserContext,
    activeTeam: ActiveTeam,
    availableProjects: Type.Array(Project),
    availableTeams: Type.Array(TeamSummary),
  },
  { $id: 'CoreApplicationContext' },
);
export type CoreApplicationContext = Static<typeof CoreApplicationContext>;

export const PutAppSettingsBody = Type.Object(
  { appSettings: AppSettings },
  { $id: 'PutAppSettingsBody', additionalProperties: false },
);
export type PutAppSettingsBody = Static<typeof PutAppSettingsBody>;

export { EmailAddress };
