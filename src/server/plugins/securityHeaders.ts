import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict headers on every answer: no inline script, no framing, no MIME sniffing, and no API answer
 * kept by the browser or a proxy cache.
 */
async function securityHeaders(app: FastifyInstance, options: { secure: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.secure,
    crossOriginEmbedderPolicy: false,
  });

  // API answers carry user data (contexts, invite codes, subscriptions): never cached, unless a route
  // sets its own Cache-Control. The router has decoded the route pattern, so /%761/… is covered too.
  app.addHook('onSend', async (request, reply) => {
    const path = request.routeOptions.url ?? request.url;
    const isApi = path.startsWith('/v1/') || request.url.startsWith('/v1/');
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
