import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { findUnstorableInput } from './storableInput';
import type { ErrorEnvelope } from '../../shared/contract/common';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';

/** Answers every failure with the spec's envelope; unexpected errors are logged, never leaked. */
async function envelope(app: FastifyInstance) {
  // Bodyless non-GET calls still carry Content-Type: application/json (the CSRF rule), so an empty body is allowed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_048_576 }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new ApiError('InvalidRequest', 'The request body is not valid JSON'), undefined);
    }
    const problem = findUnstorableInput(parsed, 'body');
    if (problem) return done(new ApiError('InvalidRequest', problem), undefined);
    done(null, parsed);
  });

  // Path and query values reach SQL as text too; checked before the route's schema, so no route sees them.
  app.addHook('preValidation', async (request) => {
    const problem = findUnstorableInput(request.params, 'params') ?? findUnstorableInput(request.query, 'query');
    if (problem) throw new ApiError('InvalidRequest', problem);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      const body: ErrorEnvelope = { result: error.result, message: error.message };
      if (error.quotaKind) body.data = { quotaKind: error.quotaKind };
      if (error.data) body.data = { ...body.data, ...error.data };
      return reply.status(error.statusCode).send(body);
    }
    if (error.validation) {
      const first = error.validation[0];
      const field = describeField(error.validationContext, first?.instancePath, first?.params);
      return reply.status(400).send({
        result: 'InvalidRequest',
        message: `${field} ${first?.message ?? 'is invalid'}`,
      } satisfies ErrorEnvelope);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const result =
        error.statusCode === 404 ? 'NotFound' : error.statusCode === 401 ? 'Unauthorized' : 'InvalidRequest';
      return reply.status(error.statusCode).send({ result, message: error.message } satisfies ErrorEnvelope);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ result: 'Failed', message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorEnvelope);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ result: 'Failed', message: 'Sorry, there was a problem.' } satisfies ErrorEnvelope);
  });
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode (bad percent-encoding such as %C0%AF)
 * or with a segment past its length limit. Answered before any plugin runs, so this sets the headers
 * the hooks would have.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the request path is too long'
      : 'The request path is not valid (it has bad percent-encoding)';
  void reply
    .status(400)
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .send({ result: 'InvalidRequest', message } satisfies ErrorEnvelope);
}

/** Names the offending field the way a caller wrote it, e.g. `body.emailAddress`. */
function describeField(context: string | undefined, instancePath: string | undefined, params: unknown): string {
  const parts = [context ?? 'body', ...(instancePath ?? '').split('/').filter(Boolean)];
  const missing = (params as { missingProperty?: string; additionalProperty?: string } | undefined) ?? {};
  if (missing.missingProperty) parts.push(missing.missingProperty);
  if (missing.additionalProperty) parts.push(missing.additionalProperty);
  return parts.join('.');
}

export default fp(envelope, { name: 'envelope' });
