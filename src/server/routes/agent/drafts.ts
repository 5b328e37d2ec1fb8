import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AgentKinds } from '../../../shared/contract/agent';
import {
  DraftItemParams,
  agentDraftOf,
  draftOperationSuffix,
  draftScopeOf,
  putDraftBodyOf,
  type PutDraftBody,
} from '../../../shared/contract/agentDrafts';
import { answers, ok } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import { putAgentDraft, readAgentDraft } from '../../services/agentDrafts';

const tags = ['agent'];

const scopeText = { item: 'the named item', project: 'the active project', team: 'the team' } as const;

/**
 * Stored drafts, one GET and one PUT per kind (spec §7 "Agent"; agents.md §1): per-item kinds read
 * with the item in the path and write with it in the body. Any member may read and write them.
 */
export default async function agentDraftRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  for (const kind of AgentKinds) {
    const scope = draftScopeOf(kind);
    const response = answers(agentDraftOf(kind));
    const described = `The stored ${kind} draft of ${scopeText[scope]}`;

    app.get(
      scope === 'item' ? `/agent/${kind}/:itemId` : `/agent/${kind}`,
      {
        schema: {
          tags,
          operationId: `getAgent${draftOperationSuffix(kind)}`,
          description: `${described}; one never saved answers an empty draft (step and updatedAt null).`,
          ...(scope === 'item' ? { params: DraftItemParams } : {}),
          response,
        },
      },
      async (request) => {
        const { teamId, userId } = await requireActiveTeam(app, request);
        const itemId = (request.params as { itemId?: string }).itemId ?? null;
        return ok(await readAgentDraft(app.db, { teamId, userId, kind, itemId }));
      },
    );

    app.put(
      `/agent/${kind}`,
      {
        schema: {
          tags,
          operationId: `putAgent${draftOperationSuffix(kind)}`,
          description: `Replaces the stored ${kind} draft of ${scopeText[scope]}: its step, answers and content.`,
          body: putDraftBodyOf(kind),
          response,
        },
      },
      async (request) => {
        const { teamId, userId } = await requireActiveTeam(app, request);
        const body = request.body as PutDraftBody;
        return ok(await putAgentDraft(app.db, { teamId, userId, kind, body, now: app.clock.now() }));
      },
    );
  }
}
