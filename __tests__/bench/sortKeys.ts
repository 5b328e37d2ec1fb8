/**
 * Sort-key benchmark, in process against the server's own code: rows written per move over 1,000
 * appends to one bucket (the midpoint rule against the +50000 bound rebalances routinely), and the
 * time of one bucket rebalance (one set-based UPDATE) at 1,000 and 10,000 items.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { openDatabase, type Database } from '../../src/server/db/database';
import { rebalanceBucket } from '../../src/server/repositories/projectContexts';
import { freshDatabase, median, type DbKind } from './harness';

export interface SortKeyResult {
  kind: DbKind;
  appends: number;
  rebalances: number;
  /** Sort keys written (project_contexts rows) per move, averaged over the appends. */
  keyRowsPerMove: number;
  /** History rows per move (each append changes the bucket, so one each). */
  historyRowsPerMove: number;
  rebalanceMs: { items: number; runs: number[]; medianMs: number }[];
}

class Injector {
  cookie = '';
  constructor(readonly app: FastifyInstance) {}
  async call<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T> {
    const response = await this.app.inject({
      method,
      url,
      payload: payload as never,
      headers: { cookie: this.cookie, 'content-type': 'application/json' },
    });
    const setCookie = response.headers['set-cookie'];
    if (setCookie) this.cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
    const body = response.json() as { result: string; data: T; message?: string };
    if (body.result !== 'Ok') throw new Error(`${method} ${url}: ${body.result} ${body.message ?? ''}`);
    return body.data;
  }
}

async function bulk(client: Injector, projectId: string, count: number, bucket: object) {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const created = await client.call<{ items: { id: string }[] }>(
      'POST',
      '/v1/teams/active/project-items/all/bulk-create',
      {
        projectId,
        items: Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
          itemType: 2,
          item: { description: `Item ${start + i}` },
          project: bucket,
        })),
      },
    );
    ids.push(...created.items.map((item) => item.id));
  }
  return ids;
}

export async function benchSortKeys(
  kind: DbKind,
  appends = 1000,
  rebalanceSizes = [1000, 10_000],
  runs = 7,
): Promise<SortKeyResult> {
  const fresh = await freshDatabase(kind);
  const dataDir = fresh.env.DATA_DIR;
  let database: Database | null = null;
  let app: FastifyInstance | null = null;
  try {
    database = await openDatabase(kind === 'pglite' ? { kind, dataDir: dataDir! } : { kind, url: fresh.url! });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_WRITES: '100000000/60' }),
      database,
      clientDistDir: '/nonexistent-baton-dist',
    });
    await app.ready();
    const client = new Injector(app);
    const signedIn = await client.call<{ coreApplicationContext: { userContext: { activeProjectId: string } } }>(
      'POST',
      '/v1/auth/test-authenticate',
      { emailAddress: `sortkeys-${Date.now()}@example.com` },
    );
    await client.call('PUT', '/v1/accounts/active/plan', { plan: 'business', billingPeriod: 0 });
    const projectId = signedIn.coreApplicationContext.userContext.activeProjectId;

    // 1,000 appends: each item moves from out-of-scope unscheduled to the end of one in-scope bucket.
    const target = { scope: 0, assignedTimeframe: { span: 0, index: 20_000 } };
    const ids = await bulk(client, projectId, appends, { scope: 1, assignedTimeframe: null });
    let keyRows = 0;
    let rebalances = 0;
    for (const id of ids) {
      const answer = await client.call<{ rebalancedSortKeys?: unknown[] }>(
        'PUT',
        `/v1/teams/active/projects/${projectId}/all/${id}/project-context`,
        {
          newAssignment: target,
        },
      );
      if (answer.rebalancedSortKeys) {
        rebalances += 1;
        // The moved item's key is among them: a rebalance writes the whole bucket once.
        keyRows += answer.rebalancedSortKeys.length;
      } else {
        keyRows += 1;
      }
    }

    const rebalanceMs: SortKeyResult['rebalanceMs'] = [];
    for (const size of rebalanceSizes) {
      const project = await client.call<{ id: string }>('POST', '/v1/teams/active/projects', {
        description: `Rebalance ${size}`,
      });
      const bucket = { scope: 0 as const, assignedTimeframe: null };
      await bulk(client, project.id, size, bucket);
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const start = performance.now();
        const keys = await rebalanceBucket(database.db, project.id, bucket);
        times.push(performance.now() - start);
        if (keys.length !== size) throw new Error(`rebalance wrote ${keys.length} keys, expected ${size}`);
      }
      rebalanceMs.push({ items: size, runs: times, medianMs: median(times) });
    }
    const result: SortKeyResult = {
      kind,
      appends,
      rebalances,
      keyRowsPerMove: keyRows / appends,
      historyRowsPerMove: 1,
      rebalanceMs,
    };
    console.log(
      `  ${kind}: ${appends} appends → ${rebalances} rebalances, ${result.keyRowsPerMove.toFixed(1)} key rows per move; ` +
        rebalanceMs.map((r) => `rebalance of ${r.items}: ${r.medianMs.toFixed(1)} ms`).join(', '),
    );
    return result;
  } finally {
    await app?.close();
    await database?.close();
    await fresh.release();
  }
}
