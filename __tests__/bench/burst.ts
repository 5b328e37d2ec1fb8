/**
 * tsx __tests__/bench/burst.ts [movers=200] [seconds=20] [--no-turns]
 * A bounded load run on 127.0.0.1 against Baton on the embedded database (a fresh PGlite folder): each
 * mover is a signed-in user of its own team who creates an item and reads the board, again and again,
 * with a 30 s client timeout, for the given time. Prints throughput, latencies, 503s and timeouts, and
 * checks that every acknowledged create is on the board (docs/operations.md, "Capacity").
 * --no-turns lifts the turns (EMBEDDED_DATABASE_CONCURRENCY=1000), to compare with no admission at all.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, percentile, root } from './harness';

const numbers = process.argv.slice(2).filter((arg) => /^\d+$/.test(arg));
const movers = Number(numbers[0] ?? 200);
const seconds = Number(numbers[1] ?? 20);
const turns = !process.argv.includes('--no-turns');
const CLIENT_TIMEOUT_MS = 30_000;

interface Mover {
  cookie: string;
  projectId: string;
  created: number;
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'baton-burst-'));
  const server = spawn(
    process.execPath,
    ['-e', "require('tsx/cjs/api').register(); require('./src/server/server.ts')"],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        LOG_LEVEL: process.env.BURST_LOG_LEVEL ?? 'error',
        NODE_ENV: 'development',
        RATE_LIMIT_ENABLED: 'false',
        ...(turns ? {} : { EMBEDDED_DATABASE_CONCURRENCY: '1000', EMBEDDED_DATABASE_QUEUE_SECONDS: '600' }),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  try {
    for (let tries = 0; ; tries++) {
      if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
      if (tries > 400) throw new Error('Baton did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const request = async (mover: Mover | null, method: string, url: string, body?: unknown) => {
      const started = performance.now();
      try {
        const response = await fetch(base + url, {
          method,
          headers: { origin: base, 'content-type': 'application/json', ...(mover ? { cookie: mover.cookie } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        });
        const text = await response.text();
        return { status: response.status, ms: performance.now() - started, response, text };
      } catch {
        return { status: 0, ms: performance.now() - started, response: null, text: '' };
      }
    };

    const all: Mover[] = [];
    for (let n = 0; n < movers; n++) {
      const signIn = await request(null, 'POST', '/v1/auth/test-authenticate', {
        emailAddress: `mover-${n}@example.com`,
      });
      const cookie = signIn.response!.headers.get('set-cookie')!.split(';')[0]!;
      const context = JSON.parse(signIn.text).data.coreApplicationContext;
      all.push({ cookie, projectId: context.availableProjects[0].id, created: 0 });
    }

    const samples: { status: number; ms: number; at: number; what: string }[] = [];
    const startedAt = performance.now();
    const endAt = startedAt + seconds * 1000;
    await Promise.all(
      all.map(async (mover, n) => {
        for (let round = 0; performance.now() < endAt; round++) {
          const create = await request(mover, 'POST', '/v1/teams/active/project-items/demos', {
            projectId: mover.projectId,
            project: { scope: 1, assignedTimeframe: null },
            item: { description: `Mover ${n} item ${round}` },
          });
          samples.push({
            status: create.status,
            ms: create.ms,
            at: performance.now() - startedAt,
            what: `create ${round}`,
          });
          if (create.status === 200) mover.created++;
          const board = await request(mover, 'POST', `/v1/teams/active/projects/${mover.projectId}/all/query`, {});
          samples.push({
            status: board.status,
            ms: board.ms,
            at: performance.now() - startedAt,
            what: `board ${round}`,
          });
          // A turned-away client waits as Retry-After asks.
          const retryAfter = [create, board]
            .find((answer) => answer.status === 503)
            ?.response?.headers.get('retry-after');
          if (retryAfter) await new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1000));
        }
      }),
    );
    const elapsed = (performance.now() - startedAt) / 1000;

    let lost = 0;
    for (const mover of all) {
      const board = await request(mover, 'POST', `/v1/teams/active/projects/${mover.projectId}/all/query`, {});
      const items = JSON.parse(board.text).data.items as unknown[];
      if (items.length < mover.created) lost += mover.created - items.length;
    }
    const count = (status: number) => samples.filter((sample) => sample.status === status).length;
    const ok = samples.filter((sample) => sample.status === 200);
    const firstSecond = samples.filter((sample) => sample.at - sample.ms < 1000);
    const report = {
      turns,
      movers,
      seconds: Math.round(elapsed),
      requests: samples.length,
      okPerSecond: Math.round(ok.length / elapsed),
      status200: ok.length,
      status503: count(503),
      timedOut: count(0),
      other: samples.length - ok.length - count(503) - count(0),
      okMs: {
        p50: Math.round(
          percentile(
            ok.map((s) => s.ms),
            50,
          ),
        ),
        p99: Math.round(
          percentile(
            ok.map((s) => s.ms),
            99,
          ),
        ),
        max: Math.round(Math.max(...ok.map((s) => s.ms))),
      },
      allMaxMs: Math.round(Math.max(...samples.map((s) => s.ms))),
      firstSecondMaxMs: Math.round(Math.max(...firstSecond.map((s) => s.ms))),
      acknowledgedCreatesMissing: lost,
    };
    console.log(JSON.stringify(report));
    if (process.env.BURST_SLOWEST)
      for (const sample of [...samples].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.BURST_SLOWEST)))
        console.log(
          `slow: ${sample.what} started ${Math.round(sample.at - sample.ms)} ms took ${Math.round(sample.ms)} ms`,
        );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
