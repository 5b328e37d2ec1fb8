import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { CLIENT_BEHAVIOUR_EXTENSION, clientBehaviourOf, type ClientBehaviour } from './clientBehaviour';

type Operations = Record<string, Record<string, { operationId?: string } & Record<string, unknown>>>;

/**
 * Publishes the OpenAPI document built from the route schemas; the client's endpoints are generated from
 * it, and so is how the client treats each (clientBehaviour.ts: the operation's `x-baton-client`).
 */
async function openapi(app: FastifyInstance) {
  const behaviours = new Map<string, ClientBehaviour>();
  app.addHook('onRoute', (route) => {
    const behaviour = clientBehaviourOf(route);
    const operationId = route.schema?.operationId;
    if (behaviour && typeof operationId === 'string') behaviours.set(operationId, behaviour);
  });
  await app.register(swagger, {
    // Named contract schemas (plugins/namedSchemas.ts) go to components.schemas under their own $id.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      for (const pathItem of Object.values((openapiObject.paths ?? {}) as Operations)) {
        for (const operation of Object.values(pathItem)) {
          const behaviour = operation.operationId ? behaviours.get(operation.operationId) : undefined;
          if (behaviour) operation[CLIENT_BEHAVIOUR_EXTENSION] = behaviour;
        }
      }
      return openapiObject;
    },
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
