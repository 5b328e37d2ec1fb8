/**
 * The move's database work alone, in this process, on PostgreSQL: each build's own code (with its own
 * drizzle-orm) against one database, one connection, one move at a time, alternating builds. A build
 * with services/moveInOneCall.ts moves in its one call, which checks the session too; an older one
 * reads the session (repositories/sessions.ts) and runs `moveItem` (services/plan.ts) in its
 * transaction, as its route did. Counts the statements each move sends (BEGIN and COMMIT included)
 * and times it, so the route's other work (rate limit, compression, HTTP) is left out.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { ApiClient, median, root, type RunningServer } from './harness';

interface MoveInput {
  teamId: string;
  projectId: string;
  itemId: string;
  request: { orderUpdate: Record<string, never> };
  now: Date;
  events: { teamId: string; changes: { kind: 'items'; projectId: string; itemIds: string[] }[] };
}
type Transaction = (run: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
type OneCall = (
  db: unknown,
  input: Omit<MoveInput, 'teamId' | 'events'> & { session: { id: string; freshSince: Date; bornAfter: Date } },
) => Promise<unknown>;

/** One move at a time, as the route's batcher sends a move that arrives alone. */
async function batcher(dir: string, db: unknown) {
  const { createMoveBatches } = (await import(path.join(dir, 'src/server/repositories/moveBatches.ts'))) as {
    createMoveBatches: (send: (calls: unknown[]) => Promise<unknown[]>, limits: object) => unknown;
  };
  const { movesInOneCall } = (await import(path.join(dir, 'src/server/repositories/moveCall.ts'))) as {
    movesInOneCall: (db: unknown, calls: unknown[]) => Promise<unknown[]>;
  };
  return createMoveBatches((calls) => movesInOneCall(db, calls), { calls: 1, movesPerCall: 32, slowCallMs: 25 });
}

async function loadBuild(dir: string, pool: Pool, count: () => void) {
  const { drizzle } = (await import(path.join(dir, 'node_modules/drizzle-orm/node-postgres/index.js'))) as {
    drizzle: (
      client: Pool,
      config: { schema: unknown; logger: { logQuery: () => void } },
    ) => { transaction: Transaction };
  };
  const schema = (await import(path.join(dir, 'src/server/db/schema/index.ts'))) as unknown;
  const db = drizzle(pool, { schema, logger: { logQuery: count } });
  const { moveItem } = (await import(path.join(dir, 'src/server/services/plan.ts'))) as {
    moveItem: (tx: unknown, input: MoveInput) => Promise<unknown>;
  };
  const inTransaction = (input: MoveInput) => db.transaction((tx) => moveItem(tx, input));
  const oneCallModule = path.join(dir, 'src/server/services/moveInOneCall.ts');
  if (existsSync(oneCallModule)) {
    const { moveItemInOneCall } = (await import(oneCallModule)) as { moveItemInOneCall: OneCall };
    // A build that batches moves (repositories/moveBatches.ts) takes its batcher where an older one took the database.
    const batchesModule = path.join(dir, 'src/server/repositories/moveBatches.ts');
    const mover = existsSync(batchesModule) ? await batcher(dir, db) : db;
    // As its route: the one call, or (a full bucket to reassign) the transaction.
    return async (input: MoveInput, sessionId: string) => {
      const now = input.now.getTime();
      const session = { id: sessionId, freshSince: new Date(now - 60_000), bornAfter: new Date(now - 86_400_000) };
      if (!(await moveItemInOneCall(mover, { ...input, session }))) await inTransaction(input);
    };
  }
  const { findSession } = (await import(path.join(dir, 'src/server/repositories/sessions.ts'))) as {
    findSession: (db: unknown, id: string) => Promise<unknown>;
  };
  return async (input: MoveInput, sessionId: string) => {
    await findSession(db, sessionId);
    await inTransaction(input);
  };
}

export interface MoveTransactionResult {
  statementsPerMove: Record<'baseline' | 'current', number>;
  medianMs: Record<'baseline' | 'current', number>;
}

/** `server` is this build running on PostgreSQL (its database is migrated to this build's schema). */
export async function measureMoveTransaction(
  server: RunningServer,
  baselineDir: string,
  movesPerRound = 200,
  rounds = 4,
): Promise<MoveTransactionResult> {
  const client = new ApiClient(server.base);
  const { activeProjectId: projectId } = await client.signIn(`tx-${Date.now()}@example.com`);
  const created = await client.call<{ items: { id: string }[] }>(
    'POST',
    '/v1/teams/active/project-items/all/bulk-create',
    {
      projectId,
      items: Array.from({ length: 50 }, (_, i) => ({
        itemType: 1,
        item: { description: `Move ${i}` },
        project: { scope: 0, assignedTimeframe: null },
      })),
    },
  );
  const { readFileSync } = await import('node:fs');
  const url = readFileSync(`/proc/${server.process.pid}/environ`, 'utf8')
    .split('\0')
    .find((entry) => entry.startsWith('DATABASE_URL='))!
    .slice('DATABASE_URL='.length);
  const pool = new Pool({ connectionString: url, max: 1 });
  const sessionId = createHash('sha256')
    .update(client.cookie.slice(client.cookie.indexOf('=') + 1))
    .digest('hex');
  let statements = 0;
  const count = () => void statements++;
  try {
    const teamId = (
      (await pool.query('select team_id from projects where id = $1', [projectId])).rows[0] as {
        team_id: string;
      }
    ).team_id;
    const builds = {
      baseline: await loadBuild(baselineDir, pool, count),
      current: await loadBuild(root, pool, count),
    };
    const times = { baseline: [] as number[], current: [] as number[] };
    const counted = { baseline: [] as number[], current: [] as number[] };
    let next = 0;
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const);
      for (const build of order) {
        for (let i = 0; i < movesPerRound; i++) {
          const itemId = created.items[next++ % created.items.length]!.id;
          statements = 0;
          const started = performance.now();
          const events = { teamId, changes: [{ kind: 'items' as const, projectId, itemIds: [itemId] }] };
          const input = { teamId, projectId, itemId, request: { orderUpdate: {} } as const, now: new Date(), events };
          await builds[build](input, sessionId);
          times[build].push(performance.now() - started);
          counted[build].push(statements);
        }
      }
    }
    return {
      statementsPerMove: { baseline: median(counted.baseline), current: median(counted.current) },
      medianMs: { baseline: median(times.baseline), current: median(times.current) },
    };
  } finally {
    await pool.end();
  }
}
