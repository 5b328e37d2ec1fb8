import type { FastifyReply } from 'fastify';

/**
 * Hands the response to code that writes it itself (reply.hijack), keeping the headers set so far —
 * the RateLimit-* headers of a counted request among them — which Fastify would otherwise drop.
 */
export function hijackKeepingHeaders(reply: FastifyReply): void {
  const headers = reply.getHeaders();
  reply.hijack();
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) reply.raw.setHeader(name, value);
}
