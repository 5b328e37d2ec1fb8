/**
 * Which errors mean "the database cannot be reached or did not answer in time" (answered 503 with
 * Retry-After) rather than a bug (500). Drizzle wraps driver errors in `cause`, so the chain is walked.
 */

/** Seconds a client is told to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'Baton cannot reach its database; try again shortly.';

/** Thrown by Baton itself when the database did not answer within its own deadline (e.g. the health check). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket-level failures: the connection is gone or was never made. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going or gone: admin/crash shutdown, cannot connect now, every connection
 * exception (class 08), too many connections, and the idle-in-transaction timeout closing the session.
 */
const lostSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '25P03']);
/** 57014: query_canceled, which statement_timeout raises; the connection itself is still good. */
const slowSqlStates = new Set(['57014']);

/** Messages of node-postgres and PGlite when the connection or instance is gone. */
const lostMessages = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is clos(ed|ing)/,
];
/** Messages of waits that ran out: connecting, waiting for a pooled connection, or a query's answer. */
const timeoutMessages = [/^timeout expired/, /^timeout exceeded when trying to connect/, /^Query read timeout/];

function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown; name?: unknown }> {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    yield current as { code?: unknown; message?: unknown; name?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

const matches = (patterns: RegExp[], message: unknown) =>
  typeof message === 'string' && patterns.some((pattern) => pattern.test(message));

/** The connection this error came from is unusable (it must be discarded, not reused). */
export function isConnectionLost(error: unknown): boolean {
  for (const link of causes(error)) {
    const code = typeof link.code === 'string' ? link.code : undefined;
    if (code && (socketCodes.has(code) || lostSqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (matches(lostMessages, link.message) || matches(timeoutMessages, link.message)) return true;
    if (link.name === 'DatabaseUnavailableError') return true;
    // PGlite runs in WebAssembly: a trap there (out of memory, abort) leaves the embedded database unusable.
    if (link instanceof WebAssembly.RuntimeError) return true;
  }
  return false;
}

/** The request failed because the database is away or too slow: answer 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionLost(error)) return true;
  for (const link of causes(error)) {
    if (typeof link.code === 'string' && slowSqlStates.has(link.code)) return true;
  }
  return false;
}
