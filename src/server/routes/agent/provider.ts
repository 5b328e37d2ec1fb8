import type { FastifyInstance } from 'fastify';
import { AgentProvider } from '../../../shared/contract/agent';
import type { AiConfig } from '../../config/config';
import { answers, ok } from '../responses';
import { requireAdmin } from '../activeTeam';

/** A base URL as it may be shown: user name, password, query and fragment dropped. */
function shownBaseUrl(baseUrl: string | undefined): string | null {
  if (!baseUrl) return null;
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname}`;
}

export function describeProvider(ai: AiConfig, draftedBy: AgentProvider['draftedBy']): AgentProvider {
  if (ai.provider === 'none') return { provider: 'none', draftedBy, model: null, baseUrl: null, timeoutSeconds: null };
  return {
    provider: ai.provider,
    draftedBy,
    model: ai.model,
    baseUrl: shownBaseUrl(ai.baseUrl),
    timeoutSeconds: ai.timeoutMs / 1000,
  };
}

/** Which AI provider writes the team's drafts, for the AI settings page (Admins only). */
export default async function agentProviderRoute(app: FastifyInstance) {
  app.get(
    '/agent/provider',
    {
      schema: {
        tags: ['agent'],
        operationId: 'getAgentProvider',
        description: 'The AI provider configured for this Baton (AI_* settings), without secrets. Admins only.',
        response: answers(AgentProvider),
      },
    },
    async (request) => {
      await requireAdmin(app, request);
      return ok(describeProvider(app.config.ai, app.agentGenerator.draftedBy));
    },
  );
}
