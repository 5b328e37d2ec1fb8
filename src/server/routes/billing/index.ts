import type { FastifyInstance } from 'fastify';
import { answersEmpty, okEmpty } from '../responses';
import { applyBillingEvent } from '../../services/billing';
import { WebhookSignatureError } from '../../integrations/billing';
import { invalidRequest, notFound } from '../../errors';

export const STRIPE_WEBHOOK_PATH = '/v1/billing/stripe/webhook';

/**
 * Stripe's webhook. Its signature covers the exact bytes sent, so this scope keeps JSON bodies raw
 * (the rest of the API parses them); the session and CSRF checks do not apply — the signature does.
 */
export default async function billingRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/stripe/webhook',
    {
      config: { public: true },
      schema: {
        tags: ['billing'],
        operationId: 'stripeWebhook',
        summary: 'Stripe event delivery, verified with STRIPE_WEBHOOK_SECRET; each event is applied once',
        response: answersEmpty,
      },
    },
    async (request) => {
      if (app.payments.kind !== 'stripe') throw notFound('Stripe is not configured');
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const now = app.clock.now();
      let event;
      try {
        event = app.payments.verifyWebhook(rawBody, typeof signature === 'string' ? signature : undefined, now);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'Stripe webhook refused');
          throw invalidRequest('The Stripe signature does not match this payload.');
        }
        throw error;
      }
      const outcome = await applyBillingEvent(app.db, event, now);
      request.log.info({ eventId: event.id, eventType: event.type, outcome }, 'Stripe event');
      return okEmpty();
    },
  );
}
