/**
 * What the benchmarks share: a free port, Baton started as its own process on a fresh database
 * (PGlite folder or a new PostgreSQL database), and a small cookie-keeping API client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export const root = path.resolve(__dirname, '../..');
export type DbKind = 'pglite' | 'postgres';
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function postgresAvailable(): Promise<boolean> {
  const client = new Client({ connectionString: POSTGRES_URL });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh, empty database for one run; dropped by `release`. */
export async function freshDatabase(
  kind: DbKind,
): Promise<{ env: Record<string, string>; url?: string; release: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-'));
    return { env: { DATA_DIR: dataDir }, release: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `baton_bench_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    url: url.toString(),
    release: async () => {
      const client = new Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface RunningServer {
  base: string;
  kind: DbKind;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts Baton (`node scripts/start.mjs`, which builds the client first if it is stale), from this tree
 * or from another checkout (`from`: the baseline's worktree).
 */
export async function startBaton(kind: DbKind, from: string = root): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const database = await freshDatabase(kind);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: from,
    env: {
      ...process.env,
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // One user moves hundreds of items a second: far past the per-user write limit, still counted.
      RATE_LIMIT_WRITES: '100000000/60',
      RATE_LIMIT_READS: '100000000/60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Baton exited early:\n${output}`);
    const healthy = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline) throw new Error(`Baton did not start:\n${output}`);
  return {
    base,
    kind,
    process: child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await database.release();
    },
  };
}

/** A signed-in API client: keeps the session cookie, sends JSON with the page's origin. */
export class ApiClient {
  cookie = '';
  constructor(readonly base: string) {}

  async call<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T> {
    const response = await fetch(this.base + pathname, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.base,
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const envelope = (await response.json()) as { result: string; data?: T; message?: string };
    if (envelope.result !== 'Ok')
      throw new Error(`${method} ${pathname}: ${envelope.result} ${envelope.message ?? ''}`);
    return envelope.data as T;
  }

  async signIn(emailAddress: string) {
    const data = await this.call<{
      coreApplicationContext: { userContext: { activeProjectId: string; userId: string } };
    }>('POST', '/v1/auth/test-authenticate', { emailAddress });
    return data.coreApplicationContext.userContext;
  }
}

export const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[at]!;
};
export const median = (values: readonly number[]) => percentile(values, 50);
