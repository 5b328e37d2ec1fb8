import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Tables a refused request may legitimately write to: its session's last-seen time, rate-limit
 * counters and idempotency records (a refused call still counts against its caller).
 */
const BOOKKEEPING = /^(sessions|__drizzle_migrations)$|rate_limit|idempotency/;

/** One statement that digests every application table; the tables are read once per app. */
const digestStatements = new WeakMap<FastifyInstance, Promise<SQL>>();

async function digestStatement(app: FastifyInstance): Promise<SQL> {
  const tables = (await app.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const digests = tables.rows
    .map((row) => row.table_name)
    .filter((name) => !BOOKKEEPING.test(name))
    .map(
      (name) =>
        sql`select ${name}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as digest from ${sql.identifier(name)} t`,
    );
  return sql.join(digests, sql` union all `);
}

/** Every application table's row count and a digest of its rows, to show a refused request stored nothing. */
export async function tableSnapshot(app: FastifyInstance): Promise<Record<string, string>> {
  // Work a request may still do after its answer (response hooks) queues its statements within these
  // turns of the event loop; the digest below then runs after them, not before.
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  let statement = digestStatements.get(app);
  if (!statement) digestStatements.set(app, (statement = digestStatement(app)));
  const result = (await app.db.execute(await statement)) as unknown as { rows: { name: string; digest: string }[] };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}
