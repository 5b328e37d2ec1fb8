import type { FastifyInstance } from 'fastify';
import { answersEmpty, okEmpty } from '../responses';
import { storeDelivery } from '../../repositories/githubDeliveries';
import { ApiError, notFound } from '../../errors';
import { readDelivery } from './webhookDelivery';

export const GITHUB_WEBHOOK_PATH = '/v1/github/webhook';

/** @octokit/webhooks-methods is ESM-only; the server loads it once, when the first delivery comes. */
const loadVerify = () => import('@octokit/webhooks-methods').then((module) => module.verify);

/**
 * GitHub's webhook (agents.md §3). The signature covers the exact bytes sent, so this scope keeps the
 * body raw; session and CSRF checks do not apply — the signature does. A verified delivery is stored
 * under its `X-GitHub-Delivery` id (a repeat of an applied one changes nothing; GitHub's redelivery of
 * a failed one is taken again), answered at once, and applied after.
 */
export default async function githubWebhookRoute(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 5 * 1_048_576 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/webhook',
    {
      config: { public: true },
      schema: {
        tags: ['githubWebhook'],
        operationId: 'githubWebhook',
        summary: 'GitHub event delivery, verified with GITHUB_WEBHOOK_SECRET; each delivery is applied once',
        response: answersEmpty,
      },
    },
    async (request) => {
      if (!app.github) throw notFound('GitHub is not configured');
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      const verify = await loadVerify();
      const valid =
        typeof signature === 'string' &&
        (await verify(app.github.config.webhookSecret, rawBody.toString('utf8'), signature).catch(() => false));
      if (!valid) {
        request.log.warn('GitHub webhook refused: bad signature');
        throw new ApiError('Unauthorized', 'The signature does not match this payload.', 401);
      }
      const { deliveryId, event, installationId, payload } = readDelivery(request.headers, rawBody);
      const stored = await storeDelivery(
        app.db,
        {
          deliveryId,
          event,
          installationId,
          payload,
        },
        app.clock.now(),
      );
      if (!stored) request.log.info({ deliveryId }, 'GitHub delivery repeated: dropped');
      else app.githubQueue.kick();
      return okEmpty();
    },
  );
}
