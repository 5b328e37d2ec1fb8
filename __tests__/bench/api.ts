/**
 * API benchmark (autocannon on 127.0.0.1): the move and query calls against a bare Fastify route that
 * answers the same JSON size, on PGlite and on PostgreSQL. Baton runs as its own process, the bare route
 * as another, autocannon in this one.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ApiClient, freePort, root, startBaton, type DbKind } from './harness';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
}

export interface ApiResult {
  kind: DbKind;
  move: LoadResult;
  query: LoadResult;
  bareMove: LoadResult;
  bareQuery: LoadResult;
  /** The move call held at a steady 200 requests per second. */
  moveAt200: LoadResult;
}

type AutocannonOptions = Parameters<typeof autocannon>[0];

function run(name: string, options: AutocannonOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({
        name,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
      });
    });
  });
}

async function startBare(moveBody: string, queryBody: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'baton-bare-'));
  await writeFile(path.join(dir, 'move.json'), moveBody);
  await writeFile(path.join(dir, 'query.json'), queryBody);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      path.join(__dirname, 'bareServer.ts'),
      String(port),
      path.join(dir, 'move.json'),
      path.join(dir, 'query.json'),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function benchApi(kind: DbKind, seconds = 10, connections = 10): Promise<ApiResult> {
  const server = await startBaton(kind);
  try {
    const client = new ApiClient(server.base);
    const { activeProjectId: projectId } = await client.signIn(`api-${kind}-${Date.now()}@example.com`);
    const created = await client.call<{ items: { id: string }[] }>(
      'POST',
      '/v1/teams/active/project-items/all/bulk-create',
      {
        projectId,
        items: Array.from({ length: 100 }, (_, i) => ({
          itemType: (i % 3) + 1,
          item: { description: `Benchmark item ${i}: a typical one-line title for the board` },
          project: { scope: 0, assignedTimeframe: null },
        })),
      },
    );
    const ids = created.items.map((item) => item.id);
    const base = server.base.replace('localhost', '127.0.0.1');
    const headers = { cookie: client.cookie, 'content-type': 'application/json' };
    const movePaths = ids.slice(0, 50).map((id) => `/v1/teams/active/projects/${projectId}/all/${id}/project-context`);
    let next = 0;
    // Each request moves the next of 50 items to the end of their bucket: a real append, with a bucket
    // rebalance about every twenty moves, as in use.
    const moveRequest = {
      method: 'PUT' as const,
      body: JSON.stringify({ orderUpdate: {} }),
      setupRequest: (request: Record<string, unknown>) => ({ ...request, path: movePaths[next++ % movePaths.length] }),
    };
    const queryPath = `/v1/teams/active/projects/${projectId}/all/query`;

    // Sample answers, so the bare routes send bodies of the same size.
    const moveSample = await fetch(base + movePaths[0], { method: 'PUT', headers, body: moveRequest.body }).then((r) =>
      r.text(),
    );
    const querySample = await fetch(base + queryPath, { method: 'POST', headers, body: '{}' }).then((r) => r.text());
    const bare = await startBare(moveSample, querySample);
    try {
      const common = { connections, duration: seconds, headers };
      // Warm up both processes (JIT, connection pools, PGlite caches).
      await run('warm-up', { ...common, duration: 2, url: base + queryPath, method: 'POST', body: '{}' });
      await run('warm-up', { ...common, duration: 2, url: bare.base + '/bare/query', method: 'POST', body: '{}' });
      const move = await run('move', { ...common, url: base + movePaths[0], requests: [moveRequest as never] });
      const bareMove = await run('bare move', {
        ...common,
        url: bare.base + '/bare/move',
        method: 'PUT',
        body: moveRequest.body,
      });
      const query = await run('query', { ...common, url: base + queryPath, method: 'POST', body: '{}' });
      const bareQuery = await run('bare query', {
        ...common,
        url: bare.base + '/bare/query',
        method: 'POST',
        body: '{}',
      });
      const moveAt200 = await run('move at 200 req/s', {
        ...common,
        overallRate: 200,
        url: base + movePaths[0],
        requests: [moveRequest as never],
      });
      const result = { kind, move, query, bareMove, bareQuery, moveAt200 };
      for (const load of [move, bareMove, query, bareQuery, moveAt200]) {
        console.log(
          `  ${kind} ${load.name}: ${load.requestsPerSecond.toFixed(0)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms` +
            `${load.errors || load.non2xx ? `, ${load.errors} errors, ${load.non2xx} non-2xx` : ''} (${load.bytesPerResponse.toFixed(0)} B)`,
        );
      }
      return result;
    } finally {
      await bare.stop();
    }
  } finally {
    await server.stop();
  }
}
