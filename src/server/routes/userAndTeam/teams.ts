import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
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
  PutTestCommandBody,
  SetActiveTeamBody,
  TeamNameAnswer,
  TestCommandAnswer,
} from '../../../shared/contract/teams';
import { isTestCommand, TEST_COMMAND_RULES } from '../../../shared/testCommand';
import type { FastifyRequest } from 'fastify';
import { answers, ok } from '../responses';
import { loadCoreApplicationContext } from '../../services/coreContext';
import { changePlanningData, changeTeamFields, createTeam, switchActiveTeam } from '../../services/teams';
import { joinTeamWithInvite } from '../../services/members';
import { writerOf } from '../writer';
import { requireActiveTeam, requireAdmin } from '../activeTeam';
import { invalidRequest, unauthorized } from '../../errors';

const tags = ['userAndTeam'];

/** Creating and switching teams, and the team's own settings. Renaming and the planning data are an Admin's. */
export default async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/teams',
    {
      config: { idempotent: true, blocksScreen: true, raisesQuotaError: true },
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
      config: { blocksScreen: true },
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
      config: { blocksScreen: true },
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

  /**
   * The team's own fields, one PUT each (spec §7): the answer repeats the value stored. The name and the
   * test command are an Admin's; the first-run state any member's. Every change but the first-run state
   * reaches open boards.
   */
  const teamFields = [
    {
      path: 'name',
      operationId: 'putTeamName',
      body: PutTeamNameBody,
      answer: TeamNameAnswer,
      adminOnly: true,
      change: (body: Static<typeof PutTeamNameBody>) => ({ teamName: body.newTeamName.trim() }),
    },
    {
      path: 'first-run-experience',
      operationId: 'putFirstRunExperience',
      body: PutFirstRunExperienceBody,
      answer: FirstRunExperienceAnswer,
      adminOnly: false,
      change: ({ firstRunExperienceState }: Static<typeof PutFirstRunExperienceBody>) => ({ firstRunExperienceState }),
    },
    {
      path: 'test-command',
      operationId: 'putTestCommand',
      body: PutTestCommandBody,
      answer: TestCommandAnswer,
      adminOnly: true,
      // The schema refuses it too; this says why in words, before anything runs.
      preValidation: async (request: FastifyRequest) => {
        const testCommand = (request.body as { testCommand?: unknown } | undefined)?.testCommand;
        if (typeof testCommand === 'string' && !isTestCommand(testCommand))
          throw invalidRequest(`testCommand must be ${TEST_COMMAND_RULES}.`);
      },
      change: ({ testCommand }: Static<typeof PutTestCommandBody>) => ({ testCommand }),
    },
  ] as const;

  for (const field of teamFields) {
    app.put(
      `/teams/active/${field.path}`,
      {
        ...('preValidation' in field ? { preValidation: field.preValidation } : {}),
        schema: { tags, operationId: field.operationId, body: field.body, response: answers(field.answer) },
      },
      async (request) => {
        const { teamId } = field.adminOnly ? await requireAdmin(app, request) : await requireActiveTeam(app, request);
        // The schema checked the body against this field's own schema.
        const change = field.change(request.body as never);
        await app.db.transaction((tx) => changeTeamFields(tx, writerOf(request, teamId), change));
        return ok(change);
      },
    );
  }

  /** The planning data: an Admin's to change (Editors read it), as an edit of the version it was made to. */
  const planningFields = [
    {
      path: 'go-to-market-plan',
      operationId: 'putGoToMarketPlan',
      body: PutGoToMarketPlanBody,
      answer: GoToMarketPlanAnswer,
      change: ({ goToMarketPlan }: Static<typeof PutGoToMarketPlanBody>) => ({ goToMarketPlan }),
    },
    {
      path: 'global-team-data',
      operationId: 'putGlobalTeamData',
      body: PutGlobalTeamDataBody,
      answer: GlobalTeamDataAnswer,
      change: ({ globalTeamData }: Static<typeof PutGlobalTeamDataBody>) => ({ globalTeamData }),
    },
  ] as const;

  for (const field of planningFields) {
    app.put(
      `/teams/active/${field.path}`,
      { schema: { tags, operationId: field.operationId, body: field.body, response: answers(field.answer) } },
      async (request) => {
        const { teamId } = await requireAdmin(app, request);
        const body = request.body as Static<typeof field.body>;
        const change = field.change(body as never);
        const version = await app.db.transaction((tx) =>
          changePlanningData(tx, writerOf(request, teamId), change, body.version),
        );
        return ok({ ...change, version });
      },
    );
  }
}
