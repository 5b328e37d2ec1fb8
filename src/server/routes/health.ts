import type { FastifyInstance } from 'fastify';

/** Liveness for load balancers: 200 while the database answers, 503 otherwise. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    try {
      await app.database.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });
}
