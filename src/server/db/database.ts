import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Client } from 'pg';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema';
import type { Db } from './types';
import { createPostgresPool, defaultPostgresTimeouts, type PostgresTimeouts } from './postgresPool';
import { DatabaseUnavailableError } from './unavailable';

export const migrationsFolder = path.join(__dirname, 'migrations');
/** Any constant works; every Baton instance must use the same one so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_212_026;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers within a bounded time or throws (DatabaseUnavailableError when it took too long). */
  ping(): Promise<void>;
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
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
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
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    // The health check answers within the connect timeout even when every pooled connection is stuck.
    ping: () => withDeadline(pool.query('select 1'), timeouts.connectMs),
    close: () => pool.end(),
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
