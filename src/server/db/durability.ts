import { sql } from 'drizzle-orm';
import type { Database } from './database';

/** PostgreSQL settings without which a committed (acknowledged) write can be lost or corrupted by a crash. */
const DURABILITY_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;

export interface DurabilityLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface DurabilityReport {
  /** The settings that are off, e.g. ['synchronous_commit']; empty when every acknowledged write is flushed. */
  unsafe: string[];
  settings: Record<string, string>;
}

/**
 * Reads, as Baton's own sessions see them (server, database and role settings applied), the settings
 * that make a commit durable, and warns loudly when one is off. On the embedded database it states
 * what the embedded default promises (docs/operations.md, "What an acknowledged write survives").
 */
export async function checkDurability(database: Database, log: DurabilityLog): Promise<DurabilityReport> {
  if (database.kind === 'pglite') {
    log.info(
      { database: 'embedded' },
      'embedded database: an acknowledged write survives the process being killed, not an operating-system crash or power loss; use PostgreSQL (DATABASE_URL) for that',
    );
    return { unsafe: [], settings: {} };
  }
  const result = await database.db.execute(
    sql`select name, setting from pg_settings where name in (${sql.join(
      DURABILITY_SETTINGS.map((name) => sql`${name}`),
      sql`, `,
    )})`,
  );
  const { rows } = result as unknown as { rows: { name: string; setting: string }[] };
  const settings = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  const unsafe = DURABILITY_SETTINGS.filter((name) => settings[name] === 'off');
  if (unsafe.length > 0) {
    log.warn(
      { durability: settings, unsafe },
      `DURABILITY AT RISK: PostgreSQL has ${unsafe.map((name) => `${name} = off`).join(', ')}; writes Baton has acknowledged can be lost in a crash. Turn ${unsafe.length === 1 ? 'it' : 'them'} back on (docs/operations.md, "What an acknowledged write survives").`,
    );
  }
  return { unsafe, settings };
}
