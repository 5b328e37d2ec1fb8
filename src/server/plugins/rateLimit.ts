import fp from 'fastify-plugin';
import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../errors';
import { databaseStore } from './rateLimitStore';
import { refusalLog } from './rateLimitRefusals';
import { rateLimitNames, rateLimitPolicy, type RateLimitName, type RateLimitSettings } from './rateLimitPolicy';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that changes nothing (a query with a body): counted under the `reads` limit, not `writes`. */
    readOnly?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The spec's answer to a caller over a limit (the library has already set Retry-After and RateLimit-*). */
function tooManyRequests(context: { ttl: number }) {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new ApiError('Failed', `Too many requests; try again in ${seconds} seconds.`, 429);
}

/** The limit a route is counted against, if any: a listed route's own, else `reads` or `writes` for session calls. */
function limitOf(route: RouteOptions, listed: Map<string, RateLimitName>): RateLimitName | undefined {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    const name = listed.get(`${method} ${route.url}`);
    if (name) return name;
  }
  const isWrite = methods.some((method) => !READ_METHODS.has(method));
  if (!isWrite || !route.url.startsWith('/v1/') || route.config?.public) return undefined;
  return route.config?.readOnly ? 'reads' : 'writes';
}

/**
 * Rate limits (rateLimitPolicy.ts), counted in the database so every instance shares them. Each
 * route gets at most one limit (the library runs one per request): per-IP limits before the body is
 * read, per-user limits once the session is known. Answers 429 with Retry-After and RateLimit-*.
 */
async function rateLimits(app: FastifyInstance, options: { settings: RateLimitSettings }) {
  if (!options.settings.enabled) return;
  const refusals = refusalLog(app.clock);
  const listed = new Map<string, RateLimitName>();
  for (const name of rateLimitNames) for (const route of rateLimitPolicy[name].routes) listed.set(route, name);

  const routeOptions = (name: RateLimitName): RateLimitOptions => {
    const { max, windowSeconds } = options.settings.limits[name];
    const perIp = rateLimitPolicy[name].per === 'ip';
    return {
      max,
      timeWindow: windowSeconds * 1000,
      hook: perIp ? 'onRequest' : 'preHandler',
      keyGenerator: perIp
        ? (request) => `${name}:${normalizeIP(request.ip)}`
        : (request) => `${name}:${request.auth?.userId ?? request.pendingSession?.userId ?? 'anonymous'}`,
      onExceeded: (request, key) => refusals.refused(request, key, name),
    };
  };

  // Runs before the library's own onRoute hook (registered next), which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit !== undefined) return;
    const name = limitOf(route, listed);
    if (name) route.config = { ...route.config, rateLimit: routeOptions(name) };
  });

  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(app.db, app.clock, app.log),
    enableDraftSpec: true,
    errorResponseBuilder: (request: FastifyRequest, context: { ttl: number }) => {
      refusals.answered(request, context.ttl);
      return tooManyRequests(context);
    },
  });
}

export default fp(rateLimits, { name: 'rateLimits', dependencies: ['database', 'session'] });
