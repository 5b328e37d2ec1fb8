import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';
import {
  countAdmins,
  deleteMembership,
  findMembership,
  findTeamMember,
  insertMembership,
  isMemberByEmail,
  lockTeam,
  setMemberRole,
} from '../repositories/teams';
import {
  acceptInvite,
  deleteOpenInvitesFor,
  findOpenInvite,
  insertInvite,
  revokeInvite,
} from '../repositories/invites';
import { setActiveTeam } from '../repositories/users';
import { enforceQuota } from './quotas';
import { announce } from './teamEvents/announce';
import { ApiError, forbidden, invalidRequest, notFound } from '../errors';
import { TeamRole } from '../../shared/enums';
import type { CreatedInvite } from '../../shared/contract/teams';

export const INVITE_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
export const INVALID_INVITE_MESSAGE = 'This invite is not valid for this e-mail address, or it has expired.';

const lastAdmin = () =>
  new ApiError('InvalidRequest', 'A team needs at least one Admin. Make another member Admin first.', 409);

/**
 * Locks the team for this transaction and checks the actor is still its Admin: the role read with the
 * session may have changed since, and membership changes of one team must run one at a time.
 */
async function lockTeamAsAdmin(db: Db, teamId: string, actorUserId: string) {
  if (!(await lockTeam(db, teamId))) throw notFound('Team not found');
  const actor = await findMembership(db, teamId, actorUserId);
  if (actor?.role !== TeamRole.Admin) throw forbidden('Only an Admin of this team can do this.');
}

/**
 * Invites an address to the team with a role. The invite holds a seat until it is used, revoked or
 * expires: the team-members quota counts members plus open invites, checked under the team's lock.
 * Inviting an address again replaces its open invite (the old link stops working).
 */
export async function inviteMember(
  db: Db,
  input: { teamId: string; origin?: string; actorUserId: string; emailAddress: string; role: TeamRole },
  now: Date,
): Promise<CreatedInvite> {
  const emailAddress = input.emailAddress.trim().toLowerCase();
  await lockTeamAsAdmin(db, input.teamId, input.actorUserId);
  if (await isMemberByEmail(db, input.teamId, emailAddress))
    throw invalidRequest(`${emailAddress} is already a member of this team.`);
  await deleteOpenInvitesFor(db, input.teamId, emailAddress);
  await enforceQuota(db, { kind: 'team-members', teamId: input.teamId }, now);
  const inviteCode = randomBytes(24).toString('base64url'); // 192 random bits
  const expiresAt = new Date(now.getTime() + INVITE_LIFETIME_MS);
  await insertInvite(db, {
    inviteCode,
    teamId: input.teamId,
    emailAddress,
    role: input.role,
    createdAt: now,
    expiresAt,
  });
  await announce(db, input, { kind: 'team' });
  return { inviteCode, emailAddress, role: input.role, expiresAt: expiresAt.toISOString() };
}

export async function withdrawInvite(
  db: Db,
  input: { teamId: string; origin?: string; actorUserId: string; inviteCode: string; emailAddress: string },
) {
  await lockTeamAsAdmin(db, input.teamId, input.actorUserId);
  if (!(await revokeInvite(db, input.teamId, input.inviteCode, input.emailAddress))) throw notFound('Invite not found');
  await announce(db, input, { kind: 'team' });
}

/** Removes a member; anyone may remove themselves (leave), only an Admin may remove others. */
export async function removeMember(
  db: Db,
  input: { teamId: string; origin?: string; actorUserId: string; userId: string },
) {
  if (input.userId === input.actorUserId) {
    if (!(await lockTeam(db, input.teamId))) throw notFound('Team not found');
  } else {
    await lockTeamAsAdmin(db, input.teamId, input.actorUserId);
  }
  const member = await findTeamMember(db, input.teamId, input.userId);
  if (!member) throw notFound('Member not found');
  if (member.role === TeamRole.Admin && (await countAdmins(db, input.teamId)) <= 1) throw lastAdmin();
  await deleteMembership(db, input.teamId, input.userId);
  // The removed member's own streams end on the first (routes/events.ts).
  await announce(db, input, { kind: 'memberRemoved', userId: input.userId }, { kind: 'team' });
}

export async function changeMemberRole(
  db: Db,
  input: { teamId: string; origin?: string; actorUserId: string; userId: string; newRole: TeamRole },
) {
  await lockTeamAsAdmin(db, input.teamId, input.actorUserId);
  const member = await findTeamMember(db, input.teamId, input.userId);
  if (!member) throw notFound('Member not found');
  if (member.role === TeamRole.Admin && input.newRole !== TeamRole.Admin && (await countAdmins(db, input.teamId)) <= 1)
    throw lastAdmin();
  await setMemberRole(db, input.teamId, input.userId, input.newRole);
  await announce(db, input, { kind: 'team' });
  return { ...member, role: input.newRole };
}

/**
 * Joins the user to the invite's team with its role and makes it their active team. The invite is
 * used once (a second use finds it taken). Joining counts against the user's total-teams quota; the
 * team-members quota is not checked again, because the open invite already held the seat.
 */
export async function joinTeamWithInvite(
  db: Db,
  input: { userId: string; emailAddress: string; inviteCode: string },
  now: Date,
): Promise<string> {
  const invite = await findOpenInvite(db, input.inviteCode, input.emailAddress, now);
  if (!invite) throw notFound(INVALID_INVITE_MESSAGE);
  // Team before user, as everywhere: a re-invite or revoke of this address waits rather than deadlocks.
  await lockTeam(db, invite.teamId);
  const alreadyMember = await findMembership(db, invite.teamId, input.userId);
  if (!alreadyMember) await enforceQuota(db, { kind: 'total-teams', userId: input.userId }, now);
  if (!(await acceptInvite(db, invite.inviteCode, input.userId, now)))
    throw notFound('This invite has already been used.');
  if (!alreadyMember)
    await insertMembership(db, { teamId: invite.teamId, userId: input.userId, role: invite.role as TeamRole });
  await setActiveTeam(db, input.userId, invite.teamId);
  if (!alreadyMember) await announce(db, { teamId: invite.teamId }, { kind: 'team' });
  return invite.teamId;
}
