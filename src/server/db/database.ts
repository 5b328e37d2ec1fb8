import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Client } from 'pg';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './types';
import { createPostgresPool, defaultPostgresTimeouts, type PostgresTimeouts } from './postgresPool';
import { DatabaseUnavailableError } from './unavailable';
import { withPausesBetweenStatements } from './pgliteTurns';

export const migrationsFolder = path.join(__dirname, 'migrations');
/** Any constant works; every Baton instance must use the same one so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_212_026;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers within a bounded time or throws (DatabaseUnavailableError when it took too long). */
  ping(): Promise<void>;
  /**
   * Receives the payloads of `NOTIFY channel` from every instance on this database. `onReconnect` runs
   * after a lost listening connection was replaced (notifications in between were missed).
   */
  listen(channel: string, handler: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number; timeouts?: PostgresTimeouts };

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget, options: { migrate?: boolean } = {}): Promise<Database> {
  const database = target.kind === 'pglite' ? await openPglite(target) : await openPostgres(target);
  if (options.migrate !== false) await migrateWithLock(database, target);
  return database;
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const client = await PGlite.create(target.dataDir, target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  const db = drizzlePglite({ client: withPausesBetweenStatements(client) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    listen: async (channel, handler) => client.listen(channel, handler).then((stop) => () => stop()),
    close: () => client.close(),
  };
}

async function openPostgres(target: {
  url: string;
  poolSize?: number;
  timeouts?: PostgresTimeouts;
}): Promise<Database> {
  const timeouts = target.timeouts ?? defaultPostgresTimeouts;
  const pool = createPostgresPool(target.url, target.poolSize ?? 10, timeouts);
  const db = drizzlePostgres({ client: pool }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    // The health check answers within the connect timeout even when every pooled connection is stuck.
    ping: () => withDeadline(pool.query('select 1'), timeouts.connectMs),
    listen: (channel, handler, onReconnect) => listenOnPostgres(target.url, timeouts, channel, handler, onReconnect),
    close: () => pool.end(),
  };
}

/** A dedicated connection that LISTENs (a pooled one would drop it), replaced with backoff when it is lost. */
async function listenOnPostgres(
  url: string,
  timeouts: PostgresTimeouts,
  channel: string,
  handler: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: Client | null = null;
  let stopped = false;
  let retryMs = 250;
  const connect = async (isRetry: boolean): Promise<void> => {
    const next = new Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    next.on('error', () => {
      if (client !== next || stopped) return;
      client = null;
      next.end().catch(() => undefined);
      scheduleRetry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      await next.end().catch(() => undefined);
      if (!isRetry) throw error;
      scheduleRetry();
      return;
    }
    if (stopped) return void (await next.end().catch(() => undefined));
    client = next;
    retryMs = 250;
    if (isRetry) onReconnect?.();
  };
  const scheduleRetry = () => {
    if (stopped) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 10_000);
    setTimeout(() => void connect(true), wait).unref();
  };
  await connect(false);
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
    client = null;
  };
}

async function withDeadline(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`the database did not answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined); // still settles after the deadline; its error was already answered
  try {
    await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs pending migrations while holding a Postgres advisory lock, so concurrent starts never race. */
async function migrateWithLock(database: Database, target: DatabaseTarget): Promise<void> {
  if (target.kind === 'pglite') {
    await database.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migratePglite(database.db as never, { migrationsFolder });
    } finally {
      await database.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
    return;
  }
  const client = new Client({
    connectionString: target.url,
    connectionTimeoutMillis: (target.timeouts ?? defaultPostgresTimeouts).connectMs,
  });
  client.on('error', () => undefined); // a lost connection also fails the query in progress, which fails the start
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
