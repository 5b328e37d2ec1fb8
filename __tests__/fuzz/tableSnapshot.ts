import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Tables a refused request may legitimately write to: its session's last-seen time, rate-limit
 * counters and idempotency records (a refused call still counts against its caller).
 */
const BOOKKEEPING = /^(sessions|__drizzle_migrations)$|rate_limit|idempotency/;

/** Every application table's row count and a digest of its rows, to show a refused request stored nothing. */
export async function tableSnapshot(app: FastifyInstance): Promise<Record<string, string>> {
  const tables = (await app.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const snapshot: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    if (BOOKKEEPING.test(name)) continue;
    const digest = (await app.db.execute(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as digest from ${sql.identifier(name)} t`,
    )) as unknown as { rows: { digest: string }[] };
    snapshot[name] = digest.rows[0]?.digest ?? '';
  }
  return snapshot;
}
