import type { IncomingHttpHeaders } from 'node:http';
import { invalidRequest } from '../../errors';
import { findUnstorableInput } from '../../plugins/storableInput';

/** A verified delivery, checked to be storable before anything is stored. */
export interface WebhookDelivery {
  deliveryId: string;
  event: string;
  installationId: number | null;
  payload: Record<string, unknown>;
}

/** GitHub's delivery ids are GUIDs; anything printable up to 100 characters is taken. */
const DELIVERY_ID = /^[\x21-\x7E]{1,100}$/;
/** GitHub's event names: `issues`, `pull_request`, `workflow_run`… */
const EVENT = /^[a-z_]{1,100}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a delivery whose signature has been verified. A signed body is still refused with 400 when it
 * cannot be stored or applied: not a JSON object, NUL characters or lone surrogates (jsonb refuses
 * them), nesting deep enough to overflow a recursive walk, or an installation id that is not an integer.
 */
export function readDelivery(headers: IncomingHttpHeaders, rawBody: Buffer): WebhookDelivery {
  const deliveryId = headers['x-github-delivery'];
  const event = headers['x-github-event'];
  if (typeof deliveryId !== 'string' || !deliveryId || typeof event !== 'string' || !event) {
    throw invalidRequest('X-GitHub-Delivery and X-GitHub-Event are required.');
  }
  if (!DELIVERY_ID.test(deliveryId)) throw invalidRequest('X-GitHub-Delivery is not a delivery id.');
  if (!EVENT.test(event)) throw invalidRequest('X-GitHub-Event is not an event name.');

  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw invalidRequest('The payload is not JSON.');
  }
  if (!isObject(payload)) throw invalidRequest('The payload must be a JSON object.');
  const problem = findUnstorableInput(payload, 'payload');
  if (problem) throw invalidRequest(`The payload cannot be stored: ${problem}.`);

  const installation = payload.installation;
  if (installation === undefined || installation === null) return { deliveryId, event, installationId: null, payload };
  const id = isObject(installation) ? installation.id : undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw invalidRequest('payload.installation.id must be a positive integer.');
  }
  return { deliveryId, event, installationId: id, payload };
}
