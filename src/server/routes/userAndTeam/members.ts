import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreatedInvite,
  InviteMemberBody,
  MemberParams,
  PutMemberRoleBody,
  RevokeInviteBody,
  TeamMembership,
} from '../../../shared/contract/teams';
import { answers, answersEmpty, ok, okEmpty } from '../responses';
import { changeMemberRole, inviteMember, removeMember, withdrawInvite } from '../../services/members';
import { requireActiveTeam, requireAdmin } from '../activeTeam';
import { writerOf } from '../writer';

const tags = ['userAndTeam'];

/** The active team's members and invites: an Admin's to manage; any member may leave. */
export default async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/teams/active/members',
    {
      config: { idempotent: true, raisesQuotaError: true },
      schema: {
        tags,
        operationId: 'inviteTeamMember',
        summary: 'Invites an address with a role; the invite holds a seat for 14 days or until used or revoked',
        body: InviteMemberBody,
        response: answers(CreatedInvite),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireAdmin(app, request);
      const now = app.clock.now();
      const input = { ...writerOf(request, teamId), actorUserId: userId, ...request.body };
      return ok(await app.db.transaction((tx) => inviteMember(tx, input, now)));
    },
  );

  app.delete(
    '/teams/active/members/invites',
    {
      schema: {
        tags,
        operationId: 'revokeTeamInvite',
        body: RevokeInviteBody,
        response: answersEmpty,
      },
    },
    async (request) => {
      const { teamId, userId } = await requireAdmin(app, request);
      const { inviteCode, emailAddress } = request.body.inviteReference;
      const input = { ...writerOf(request, teamId), actorUserId: userId, inviteCode, emailAddress };
      await app.db.transaction((tx) => withdrawInvite(tx, input));
      return okEmpty();
    },
  );

  app.delete(
    '/teams/active/members/:userId',
    {
      schema: {
        tags,
        operationId: 'removeTeamMember',
        summary: 'Removes a member (an Admin), or leaves the team (your own id); the last Admin cannot go',
        params: MemberParams,
        response: answersEmpty,
      },
    },
    async (request) => {
      const leaving = request.params.userId === request.auth?.userId;
      const { teamId, userId } = leaving ? await requireActiveTeam(app, request) : await requireAdmin(app, request);
      const input = { ...writerOf(request, teamId), actorUserId: userId, userId: request.params.userId };
      await app.db.transaction((tx) => removeMember(tx, input));
      return okEmpty();
    },
  );

  app.put(
    '/teams/active/members/:userId/role',
    {
      schema: {
        tags,
        operationId: 'putTeamMemberRole',
        params: MemberParams,
        body: PutMemberRoleBody,
        response: answers(TeamMembership),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireAdmin(app, request);
      const input = {
        ...writerOf(request, teamId),
        actorUserId: userId,
        userId: request.params.userId,
        newRole: request.body.newRole,
      };
      return ok(await app.db.transaction((tx) => changeMemberRole(tx, input)));
    },
  );
}
