import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ItemHandoffs, SendToAgentBody, SentHandoff } from '../../../shared/contract/handoff';
import { Id } from '../../../shared/contract/common';
import { Type } from '@sinclair/typebox';
import { answers, ok } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import { itemHandoffs, sendToAgent } from '../../services/handoff/sendToAgent';
import { announce } from '../../services/teamEvents/announce';
import { writerOf } from '../writer';
import { invalidRequest } from '../../errors';
import { BRANCH_NAME_RULES, isBranchName } from '../../../shared/branchName';

/** Handing items to coding agents (spec §7 `send-to-agent`; agents.md §3). Any member may send. */
export default async function handoffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/project-items/send-to-agent',
    {
      config: { idempotent: true, callsOut: true },
      // The schema refuses a bad base branch too; this says why in words, before anything runs.
      preValidation: async (request) => {
        const baseBranch = (request.body as { baseBranch?: unknown } | undefined)?.baseBranch;
        if (typeof baseBranch === 'string' && !isBranchName(baseBranch))
          throw invalidRequest(`baseBranch must be ${BRANCH_NAME_RULES}.`);
      },
      schema: {
        tags: ['handoff'],
        operationId: 'sendToAgent',
        description:
          'GitHubIssue 0: opens a GitHub issue that summons the agent and records the hand-off; the item gets the issue as codingAgentUrl and workflowStatus 1. LocalAutomation 1 (Claude Code): records the hand-off and answers the terminal commands; the token comes from POST /v1/mcp/auth/{itemId}/token. Failing readiness checks are refused (InvalidRequest, naming each) unless force is set.',
        body: SendToAgentBody,
        response: answers(SentHandoff),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const input = { teamId, userId, body: request.body, publicUrl: app.config.publicUrl, now: app.clock.now() };
      const sent = await sendToAgent(app.db, app.github, input);
      await announce(app.db, writerOf(request, teamId), {
        kind: 'items',
        projectId: null,
        itemIds: [request.body.itemId],
      });
      return ok(sent);
    },
  );

  app.get(
    '/project-items/:id/handoffs',
    {
      schema: {
        tags: ['handoff'],
        operationId: 'getItemHandoffs',
        description: "The item's hand-offs, newest first (at most 20), each with its activity.",
        params: Type.Object({ id: Id }),
        response: answers(ItemHandoffs),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok(await itemHandoffs(app.db, teamId, request.params.id));
    },
  );
}
