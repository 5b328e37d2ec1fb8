import { Type, type Static } from '@sinclair/typebox';
import { EmailAddress, Id, JsonObject } from './common';
import { BoundedJsonObject } from './boundedJson';
import { FIELD_LIMITS } from '../fieldLimits';
import { TEST_COMMAND_MAX_LENGTH, TEST_COMMAND_PATTERN } from '../testCommand';
import { FirstRunExperienceState, TeamMembership } from './userAndTeam';

/** Team roles (spec §3): Admin 0 manages the team, Editor 1 plans. */
export const TeamRoleCode = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** A name a person reads: at least one visible character. */
const TeamName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

/** Random, single-use, bound to a team, an address and a role. */
export const InviteCode = Type.String({ minLength: 8, maxLength: 128 });

export const CreateTeamBody = Type.Object(
  { teamName: TeamName },
  { $id: 'CreateTeamBody', additionalProperties: false },
);
export type CreateTeamBody = Static<typeof CreateTeamBody>;

export const SetActiveTeamBody = Type.Object(
  { newActiveTeamIdentity: Id },
  { $id: 'SetActiveTeamBody', additionalProperties: false },
);
export type SetActiveTeamBody = Static<typeof SetActiveTeamBody>;

export const AcceptInviteBody = Type.Object(
  { inviteCode: InviteCode },
  { $id: 'AcceptInviteBody', additionalProperties: false },
);
export type AcceptInviteBody = Static<typeof AcceptInviteBody>;

export const PutTeamNameBody = Type.Object(
  { newTeamName: TeamName },
  { $id: 'PutTeamNameBody', additionalProperties: false },
);
export const TeamNameAnswer = Type.Object({ teamName: Type.String() }, { $id: 'TeamNameAnswer' });

export const PutFirstRunExperienceBody = Type.Object(
  { firstRunExperienceState: FirstRunExperienceState },
  { $id: 'PutFirstRunExperienceBody', additionalProperties: false },
);
export const FirstRunExperienceAnswer = Type.Object(
  { firstRunExperienceState: FirstRunExperienceState },
  { $id: 'FirstRunExperienceAnswer' },
);

/** The planning data's version an edit was made to; a stale one is refused (409 with the data as it is now). */
const PlanningDataVersion = Type.Optional(Type.Integer({ minimum: 1 }));

export const PutGoToMarketPlanBody = Type.Object(
  { goToMarketPlan: BoundedJsonObject(FIELD_LIMITS.goToMarketPlan), version: PlanningDataVersion },
  { $id: 'PutGoToMarketPlanBody', additionalProperties: false },
);
export const GoToMarketPlanAnswer = Type.Object(
  { goToMarketPlan: JsonObject, version: Type.Integer() },
  { $id: 'GoToMarketPlanAnswer' },
);

export const PutGlobalTeamDataBody = Type.Object(
  { globalTeamData: BoundedJsonObject(FIELD_LIMITS.globalTeamData), version: PlanningDataVersion },
  { $id: 'PutGlobalTeamDataBody', additionalProperties: false },
);
export const GlobalTeamDataAnswer = Type.Object(
  { globalTeamData: JsonObject, version: Type.Integer() },
  { $id: 'GlobalTeamDataAnswer' },
);

/** What a refused (stale) planning-data edit answers as `data.current`. */
export interface PlanningDataRecord {
  goToMarketPlan: Record<string, unknown>;
  globalTeamData: Record<string, unknown>;
  version: number;
}

/** The team's test command (../testCommand.ts), or null for the usual runners. */
export const TestCommand = Type.String({
  minLength: 1,
  maxLength: TEST_COMMAND_MAX_LENGTH,
  pattern: TEST_COMMAND_PATTERN.source,
  description: 'What coding agents run to test their change, e.g. "npm run test:ci" (plain words, no shell syntax).',
});
export const PutTestCommandBody = Type.Object(
  { testCommand: Type.Union([TestCommand, Type.Null()]) },
  { $id: 'PutTestCommandBody', additionalProperties: false },
);
export const TestCommandAnswer = Type.Object(
  { testCommand: Type.Union([Type.String(), Type.Null()]) },
  { $id: 'TestCommandAnswer' },
);

export const InviteMemberBody = Type.Object(
  { emailAddress: EmailAddress, role: TeamRoleCode },
  { $id: 'InviteMemberBody', additionalProperties: false },
);
export type InviteMemberBody = Static<typeof InviteMemberBody>;

/** Invite reference (spec §3): what the invite link carries. */
export const InviteReference = Type.Object(
  { inviteCode: InviteCode, emailAddress: EmailAddress },
  { $id: 'InviteReference', additionalProperties: false },
);
export type InviteReference = Static<typeof InviteReference>;

/** The answer to an invite: the reference the Admin shares as a link, until it expires. */
export const CreatedInvite = Type.Object(
  {
    inviteCode: Type.String(),
    emailAddress: Type.String(),
    role: TeamRoleCode,
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'CreatedInvite' },
);
export type CreatedInvite = Static<typeof CreatedInvite>;

export const RevokeInviteBody = Type.Object(
  { inviteReference: InviteReference },
  { $id: 'RevokeInviteBody', additionalProperties: false },
);
export type RevokeInviteBody = Static<typeof RevokeInviteBody>;

export const MemberParams = Type.Object({ userId: Id });

export const PutMemberRoleBody = Type.Object(
  { newRole: TeamRoleCode },
  { $id: 'PutMemberRoleBody', additionalProperties: false },
);
export type PutMemberRoleBody = Static<typeof PutMemberRoleBody>;

export { TeamMembership };
