import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { ApiError } from '../errors';
import { claimKey, releaseKey, storeAnswer, sweepExpiredKeys, type KeyOwner } from './idempotencyStore';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A creating call: an Idempotency-Key header makes its retries replay the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: KeyOwner | null;
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Validates the header and documents it in the OpenAPI document of every idempotent route. */
const IdempotencyHeaders = Type.Object({
  [IDEMPOTENCY_HEADER]: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x20-\\x7E]+$',
      description:
        'Any 1–255 printable ASCII characters (a UUID), new for each create. A retry with the same key and body ' +
        'within 24 hours answers what the first call answered; the same key with another body is refused with 422; ' +
        'while the first call is still running, 409.',
    }),
  ),
});

/** Old keys are deleted once every this many claims of a process. */
const SWEEP_EVERY_CLAIMS = 100;

/** Answers worth retrying with the same key give it back: nothing useful to replay. */
const isRetryable = (status: number) => status >= 500 || status === 409 || status === 429;

/**
 * The request as far as the key is concerned: the same key with any other of these is another request.
 * The active team counts only on routes that act on it: creating a team switches it, so its retry must match.
 */
function fingerprint(request: FastifyRequest, actsOnActiveTeam: boolean): string {
  const team = actsOnActiveTeam ? (request.auth?.activeTeamId ?? null) : null;
  const parts = [request.method, request.url, team, request.body ?? null];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Routes whose meaning depends on the caller's active team. */
const actsOnActiveTeam = (url: string) => url.includes('/teams/active/');

/**
 * Idempotency-Key on creating calls (routes with `config: { idempotent: true }`), kept per user for 24
 * hours in the database. The claim is inserted before the handler runs, so of concurrent duplicates
 * exactly one runs; the others get its answer, or 409 while it is still running.
 */
async function idempotency(app: FastifyInstance) {
  app.decorateRequest('idempotencyClaim', null);
  let claimsSinceSweep = 0;

  const claimFor = (teamScoped: boolean): preHandlerHookHandler =>
    async function claim(request: FastifyRequest, reply: FastifyReply) {
      const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
      if (typeof key !== 'string' || !request.auth) return;
      const owner = { userId: request.auth.userId, key };
      const now = app.clock.now();
      if (++claimsSinceSweep >= SWEEP_EVERY_CLAIMS) {
        claimsSinceSweep = 0;
        await sweepExpiredKeys(app.db, now);
      }
      const outcome = await claimKey(app.db, owner, fingerprint(request, teamScoped), now);
      switch (outcome.kind) {
        case 'claimed':
          request.idempotencyClaim = owner;
          return;
        case 'replay':
          return reply
            .code(outcome.status)
            .header('content-type', 'application/json; charset=utf-8')
            .header('idempotent-replayed', 'true')
            .send(outcome.body);
        case 'mismatch':
          throw new ApiError(
            'InvalidRequest',
            `${IDEMPOTENCY_HEADER} was already used for a different request; send a new key for a new request.`,
            422,
          );
        case 'inProgress':
          reply.header('retry-after', '1');
          throw new ApiError(
            'Failed',
            `A request with this ${IDEMPOTENCY_HEADER} is still in progress; try again in a moment.`,
            409,
          );
      }
    };

  const keepAnswer: onSendHookHandler = async function (request, reply, payload) {
    const owner = request.idempotencyClaim;
    if (!owner) return payload;
    request.idempotencyClaim = null;
    try {
      if (typeof payload === 'string' && !isRetryable(reply.statusCode)) {
        await storeAnswer(app.db, owner, reply.statusCode, payload);
      } else {
        await releaseKey(app.db, owner);
      }
    } catch (error) {
      // The call itself succeeded or failed on its own; the claim goes stale and can be taken over.
      request.log.warn({ err: error }, 'could not keep the answer of an idempotent request');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (route.schema?.headers) throw new Error(`${route.url}: idempotent routes add their own headers schema`);
    route.schema = { ...route.schema, headers: IdempotencyHeaders };
    route.preHandler = [...toArray(route.preHandler), claimFor(actsOnActiveTeam(route.url))];
    // First of the route's onSend hooks, so the answer is kept as serialised, before compression makes it a stream.
    route.onSend = [keepAnswer, ...toArray(route.onSend)];
  });
}

const toArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export default fp(idempotency, { name: 'idempotency', dependencies: ['database', 'session'] });
