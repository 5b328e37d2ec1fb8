import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { isConnectionLost } from './unavailable';

export interface PostgresTimeouts {
  /** Opening a connection, and waiting for a free one when the pool is busy. */
  connectMs: number;
  /** statement_timeout on the server; Baton stops waiting for an answer a little after it. */
  statementMs: number;
  /** idle_in_transaction_session_timeout: the server ends a session stuck inside a transaction. */
  idleInTransactionMs: number;
}

export const defaultPostgresTimeouts: PostgresTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
};

/** The server cancels a slow statement itself first; this margin only ends waits for a server that went silent. */
const ANSWER_MARGIN_MS = 2_000;

type ConnectCallback = (
  err: Error | undefined,
  client: PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A node-postgres pool whose checked-out clients cannot take the process down. pg-pool guards idle
 * clients and `pool.query`, but a client checked out for a transaction (Drizzle's `db.transaction`)
 * has no 'error' listener while in use: a terminated backend or a reset socket then throws an
 * unhandled 'error' event. Here every checkout gets a listener, and a client whose connection is
 * lost is handed back to the pool at once (which discards it), so it is never reused and never
 * leaks, even when Drizzle's BEGIN fails before it would call release().
 */
class ResilientPool extends Pool {
  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    // pool.query checks out with a callback and handles errors itself.
    if (callback) return super.connect(callback);
    return super.connect().then(guardCheckout);
  }
}

function guardCheckout(client: PoolClient): PoolClient {
  const returnToPool = client.release;
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return; // Drizzle's finally may release a client this guard already discarded
    released = true;
    client.removeListener('error', onError);
    Reflect.deleteProperty(client, 'query'); // the next checkout uses the prototype's query again
    returnToPool(error);
  };
  const onError = (error: Error) => release(error);
  client.on('error', onError);
  client.release = release;

  const query = client.query;
  // The overloads of query cannot be restated here; the wrapper passes every argument through unchanged.
  const guardedQuery = (...args: unknown[]): unknown => {
    const result: unknown = Reflect.apply(query, client, args);
    if (result instanceof Promise) {
      result.then(undefined, (error: unknown) => {
        // A timed-out query leaves the connection waiting on an answer: discard it so nothing queues behind it.
        if (isConnectionLost(error)) release(error instanceof Error ? error : new Error(String(error)));
      });
    }
    return result;
  };
  Object.defineProperty(client, 'query', { value: guardedQuery, configurable: true, writable: true });
  return client;
}

/** The pool Baton uses on PostgreSQL: bounded waits everywhere, so an unreachable database gives errors, not hangs. */
export function createPostgresPool(url: string, size: number, timeouts: PostgresTimeouts): Pool {
  const config: PoolConfig = {
    connectionString: url,
    max: size,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + ANSWER_MARGIN_MS,
    // Finds a peer that vanished without closing the connection (a partition, a dead host).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = new ResilientPool(config);
  // An idle client losing its connection: the pool has already discarded it; nothing to do.
  pool.on('error', () => undefined);
  return pool;
}
