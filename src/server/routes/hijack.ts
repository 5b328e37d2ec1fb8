import type { FastifyReply } from 'fastify';

/**
 * Hands the response to code that writes it itself (reply.hijack), keeping the headers set so far —
 * the RateLimit-* headers of a counted request among them — which Fastify would otherwise drop.
 * `keep` chooses which, for code that sets its own security headers.
 */
export function hijackKeepingHeaders(reply: FastifyReply, keep: (name: string) => boolean = () => true): void {
  const headers = reply.getHeaders();
  reply.hijack();
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && keep(name)) reply.raw.setHeader(name, value);
}
