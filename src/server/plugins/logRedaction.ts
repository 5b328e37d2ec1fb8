import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { FastifyRequest } from 'fastify';

/**
 * Logger options that keep user data out of the logs: query values (search text, invite codes,
 * e-mail addresses), credentials in headers, and the values a failed SQL statement carried. The
 * request id (`reqId`) stays on every line, so an answer's `x-request-id` still finds its lines.
 */

const CENSOR = '[redacted]';

/** Field paths masked wherever code logs them: credentials, and user data by name. */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'req.headers["idempotency-key"]',
  'req.query',
  'req.body',
  'body',
  '*.body',
  'emailAddress',
  '*.emailAddress',
  'inviteCode',
  '*.inviteCode',
  'err.params',
  'err.detail',
  'err.where',
];

/** The URL with each query value masked (the keys stay: they say which call it was). */
export function maskQuery(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const masked = url
    .slice(start + 1)
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=${CENSOR}`)
    .join('&');
  return `${url.slice(0, start)}?${masked}`;
}

/** Fastify's request line without headers, and with the query masked; anything else logged as `req` loses its headers. */
function serializeRequest(request: Partial<FastifyRequest>) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? maskQuery(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
  };
}

// A PostgreSQL error names its SQLSTATE; its message quotes the offending value ("invalid input syntax … "x"").
const isDatabaseError = (error: object): error is Error & { code: string } =>
  'code' in error && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);

/** Every text in an error's cause chain that came from the request: bound parameters, details, quoted values. */
function secretsOf(error: unknown): string[] {
  const secrets: string[] = [];
  for (let at = error, depth = 0; at instanceof Object && depth < 8; at = (at as { cause?: unknown }).cause, depth++) {
    const fields = at as { params?: unknown; detail?: unknown; where?: unknown; message?: unknown };
    if (Array.isArray(fields.params) && fields.params.length > 0) secrets.push(String(fields.params));
    if (typeof fields.detail === 'string' && fields.detail) secrets.push(fields.detail);
    if (typeof fields.where === 'string' && fields.where) secrets.push(fields.where);
    if (isDatabaseError(at) && typeof fields.message === 'string')
      for (const [, quoted] of fields.message.matchAll(/"([^"]+)"/g)) if (quoted) secrets.push(quoted);
  }
  // Longest first, so a value inside another is not left half-masked.
  return secrets.sort((a, b) => b.length - a.length);
}

/** pino's error serializer, with the request's values taken out of the message and the stack. */
function serializeError(error: Error) {
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  const secrets = secretsOf(error);
  for (const [key, value] of Object.entries(serialized)) {
    if (typeof value !== 'string') continue;
    serialized[key] = secrets.reduce((text, secret) => text.split(secret).join(CENSOR), value);
  }
  return serialized;
}

/** Baton's logger: JSON lines at `level`, to `stream` when given (tests capture it), else stdout. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: { req: serializeRequest as never, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}
