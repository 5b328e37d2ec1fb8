/**
 * A generation answered as server-sent events, for callers that send `Accept: text/event-stream`:
 * `started` once every check has passed, `partial` with the content so far (unchecked, may be
 * incomplete), then `done` with the Ok envelope or `error` with the error envelope and its status.
 * Failures before generation starts still answer a plain JSON envelope with their own status.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors';
import type { ErrorEnvelope } from '../../../shared/contract/common';

export function wantsEventStream(request: FastifyRequest) {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

export class EventStream {
  private open = false;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  get started() {
    return this.open;
  }

  /** Takes the response over from Fastify, keeping the headers its hooks set (security, request id). */
  start() {
    if (this.open) return;
    this.open = true;
    this.reply.hijack();
    const set = Object.entries(this.reply.getHeaders()).filter(([, value]) => value !== undefined);
    this.reply.raw.writeHead(200, {
      ...(Object.fromEntries(set) as Record<string, string | number | string[]>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': this.request.id,
      'x-accel-buffering': 'no', // nginx: pass events on as they come
    });
    this.send('started', {});
  }

  send(event: 'started' | 'partial' | 'done' | 'error', data: unknown) {
    if (this.reply.raw.writableEnded) return;
    this.reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(event: 'done' | 'error', data: unknown) {
    this.send(event, data);
    this.reply.raw.end();
  }

  /** The error event for a failure after the stream opened: the envelope the JSON answer would have had. */
  fail(error: unknown) {
    if (error instanceof ApiError) {
      const body: ErrorEnvelope & { status: number } = {
        status: error.statusCode,
        result: error.result,
        message: error.message,
      };
      if (error.quotaKind) body.data = { quotaKind: error.quotaKind };
      return this.end('error', body);
    }
    this.request.log.error({ err: error }, 'unexpected error');
    this.end('error', { status: 500, result: 'Failed', message: 'Sorry, there was a problem.' });
  }
}
