import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Closes cross-site request forgery: a state-changing call must be JSON (a plain HTML form cannot
 * send that) and, when the browser names its origin, come from Baton's own public URL. It applies
 * to every non-GET request whatever its path encoding; only the routes in `exemptRoutes` (matched by
 * their route pattern, which the router has already decoded) skip it.
 */
async function csrf(app: FastifyInstance, options: { publicUrl: string; exemptRoutes?: string[] }) {
  const exempt = new Set(options.exemptRoutes ?? []);
  const sameSite = sameSiteOrigins(options.publicUrl);
  // Fastify parses text/plain by default; a browser sends it cross-site without a preflight, so no route takes it.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const route = request.routeOptions.url;
    if (route !== undefined && exempt.has(route)) return;
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/json')
      throw forbidden('Requests that change data must be sent as application/json');
    const origin = request.headers.origin;
    if (origin !== undefined && !sameSite.has(origin)) throw forbidden('Cross-origin requests are not allowed');
  });
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Baton's own origin; for a loopback PUBLIC_URL also its loopback equivalents on the same port, so
 * http://127.0.0.1:3000 works like http://localhost:3000 (a loopback origin cannot be another site).
 */
export function sameSiteOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return new Set([url.origin]);
  return new Set(LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`));
}

export default fp(csrf, { name: 'csrf' });
