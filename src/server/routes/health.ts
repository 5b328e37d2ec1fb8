import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable';

/** Liveness for load balancers: 200 while the database answers, 503 otherwise (within the connect timeout). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    try {
      await app.database.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' });
    }
  });
}
