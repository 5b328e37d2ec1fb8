import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GenerateAnswer, GenerateBody, GenerateParams } from '../../../shared/contract/agent';
import { answers, ok } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import { generateAgentContent } from '../../services/agentActions';
import { AiProviderError } from '../../ai/providerError';
import { EventStream, wantsEventStream } from './eventStream';
import agentDraftRoutes from './drafts';
import agentProviderRoute from './provider';

const tags = ['agent'];

/** Agent generation and stored drafts (spec §7 "Agent", agents.md §1). */
export default async function agentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(agentDraftRoutes);
  await app.register(agentProviderRoute);

  app.post(
    '/agent/:contextId/generate',
    {
      config: { raisesQuotaError: true, callsOut: true },
      schema: {
        tags,
        operationId: 'generateAgentContent',
        description:
          'Generates one part of an agent draft. Each body variant is one contextId/contentId pair (its title); ' +
          "an AI provider's successful generation counts one agent action (QuotaLimit kind agent-actions past the " +
          "monthly quota); the built-in drafter's (draftedBy drafter) count none; " +
          'a provider failure answers 502 (504 on a timeout) with result Failed and counts nothing. ' +
          'With Accept: text/event-stream the answer is server-sent events: started, partial (the content so far), ' +
          'then done (this Ok envelope) or error (the error envelope with its status).',
        params: GenerateParams,
        body: GenerateBody,
        response: answers(GenerateAnswer),
      },
      // The body is checked against its own pair's schema in the service, for a message naming the field.
      attachValidation: true,
    },
    async (request, reply) => {
      const failed = request.validationError;
      if (failed && failed.validationContext !== 'body') throw failed;
      const { teamId, userId } = await requireActiveTeam(app, request);
      // A caller that goes away stops the generation; nothing is counted.
      const abandoned = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abandoned.abort();
      });
      const stream = wantsEventStream(request) ? new EventStream(request, reply) : null;
      try {
        const generated = await generateAgentContent(app.db, app.agentGenerator, {
          teamId,
          userId,
          contextId: request.params.contextId,
          body: request.body,
          now: app.clock.now(),
          signal: abandoned.signal,
          progress: stream
            ? { started: () => stream.start(), partial: (content) => stream.send('partial', { content }) }
            : undefined,
        });
        if (!stream) return ok(generated);
        stream.end('done', ok(generated));
        return reply;
      } catch (error) {
        if (error instanceof AiProviderError) {
          request.log.warn({ provider: app.agentGenerator.provider, detail: error.detail }, error.message);
        }
        if (!stream?.started) throw error;
        stream.fail(error);
        return reply;
      }
    },
  );
}
