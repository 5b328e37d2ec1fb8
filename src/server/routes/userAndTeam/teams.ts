import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CoreApplicationContext } from '../../../shared/contract/userAndTeam';
import {
  AcceptInviteBody,
  CreateTeamBody,
  FirstRunExperienceAnswer,
  GlobalTeamDataAnswer,
  GoToMarketPlanAnswer,
  PutFirstRunExperienceBody,
  PutGlobalTeamDataBody,
  PutGoToMarketPlanBody,
  PutTeamNameBody,
  SetActiveTeamBody,
  TeamNameAnswer,
} from '../../../shared/contract/teams';
import { answers, ok } from '../responses';
import { loadCoreApplicationContext } from '../../services/coreContext';
import { createTeam, switchActiveTeam } from '../../services/teams';
import { joinTeamWithInvite } from '../../services/members';
import { updateTeam } from '../../repositories/teams';
import { requireActiveTeam, requireAdmin } from '../activeTeam';
import { unauthorized } from '../../errors';

const tags = ['userAndTeam'];

/** Creating and switching teams, and the team's own settings. Renaming is an Admin's; the planning data anyone's. */
export default async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/teams',
    {
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'createTeam',
        summary: 'Creates a team owned by your own account, with you as Admin, and makes it active',
        body: CreateTeamBody,
        response: answers(CoreApplicationContext),
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const now = app.clock.now();
      return ok(
        await app.db.transaction(async (tx) => {
          const input = { userId: auth.userId, emailAddress: auth.emailAddress, teamName: request.body.teamName };
          await createTeam(tx, input, now);
          return loadCoreApplicationContext(tx, auth.userId, now);
        }),
      );
    },
  );

  app.put(
    '/users/active/active-team',
    {
      schema: {
        tags,
        operationId: 'putActiveTeam',
        summary: 'Switches to another of your teams and answers with its core application context',
        body: SetActiveTeamBody,
        response: answers(CoreApplicationContext),
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const now = app.clock.now();
      return ok(
        await app.db.transaction(async (tx) => {
          await switchActiveTeam(tx, auth.userId, request.body.newActiveTeamIdentity);
          return loadCoreApplicationContext(tx, auth.userId, now);
        }),
      );
    },
  );

  app.post(
    '/users/active/accept-invite',
    {
      schema: {
        tags,
        operationId: 'acceptInvite',
        summary: 'Joins the team of an invite addressed to you (while signed in) and makes it active',
        body: AcceptInviteBody,
        response: answers(CoreApplicationContext),
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const now = app.clock.now();
      const join = { userId: auth.userId, emailAddress: auth.emailAddress, inviteCode: request.body.inviteCode };
      return ok(
        await app.db.transaction(async (tx) => {
          await joinTeamWithInvite(tx, join, now);
          return loadCoreApplicationContext(tx, auth.userId, now);
        }),
      );
    },
  );

  app.put(
    '/teams/active/name',
    {
      schema: {
        tags,
        operationId: 'putTeamName',
        body: PutTeamNameBody,
        response: answers(TeamNameAnswer),
      },
    },
    async (request) => {
      const { teamId } = await requireAdmin(app, request);
      const teamName = request.body.newTeamName.trim();
      await updateTeam(app.db, teamId, { teamName });
      return ok({ teamName });
    },
  );

  app.put(
    '/teams/active/first-run-experience',
    {
      schema: {
        tags,
        operationId: 'putFirstRunExperience',
        body: PutFirstRunExperienceBody,
        response: answers(FirstRunExperienceAnswer),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const { firstRunExperienceState } = request.body;
      await updateTeam(app.db, teamId, { firstRunExperienceState });
      return ok({ firstRunExperienceState });
    },
  );

  app.put(
    '/teams/active/go-to-market-plan',
    {
      schema: {
        tags,
        operationId: 'putGoToMarketPlan',
        body: PutGoToMarketPlanBody,
        response: answers(GoToMarketPlanAnswer),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const { goToMarketPlan } = request.body;
      await updateTeam(app.db, teamId, { goToMarketPlan });
      return ok({ goToMarketPlan });
    },
  );

  app.put(
    '/teams/active/global-team-data',
    {
      schema: {
        tags,
        operationId: 'putGlobalTeamData',
        body: PutGlobalTeamDataBody,
        response: answers(GlobalTeamDataAnswer),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const { globalTeamData } = request.body;
      await updateTeam(app.db, teamId, { globalTeamData });
      return ok({ globalTeamData });
    },
  );
}
