import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** Publishes the OpenAPI document built from the route schemas; the client's endpoints are generated from it. */
async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Baton API',
        version: '1',
        description: 'Every answer is the envelope { result, data?, message? }.',
      },
      servers: [{ url: '/' }],
    },
  });
  app.get('/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapi, { name: 'openapi' });
