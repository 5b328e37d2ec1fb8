import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Closes cross-site request forgery on the API: a state-changing call must be JSON (a plain HTML form
 * cannot send that) and, when the browser names its origin, come from Baton's own public URL.
 */
async function csrf(app: FastifyInstance, options: { publicUrl: string; exemptPaths?: string[] }) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/v1/')) return;
    if (options.exemptPaths?.some((path) => request.url.startsWith(path))) return;
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/json')
      throw forbidden('Requests that change data must be sent as application/json');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== options.publicUrl) throw forbidden('Cross-origin requests are not allowed');
  });
}

export default fp(csrf, { name: 'csrf' });
