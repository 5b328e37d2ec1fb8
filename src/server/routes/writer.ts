import type { FastifyRequest } from 'fastify';
import type { Writer } from '../services/teamEvents/announce';
import { CLIENT_ID_HEADER, CLIENT_ID_PATTERN } from '../../shared/contract/events';

/** The browser tab named by the request's header, if well-formed. */
export function tabOf(request: FastifyRequest): string | undefined {
  const tab = request.headers[CLIENT_ID_HEADER];
  return typeof tab === 'string' && CLIENT_ID_PATTERN.test(tab) ? tab : undefined;
}

/** The writer of a request's changes: the active team, and the browser tab named by its header (if well-formed). */
export function writerOf(request: FastifyRequest, teamId: string): Writer {
  const tab = tabOf(request);
  return tab === undefined ? { teamId } : { teamId, origin: tab };
}
