import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * A Drizzle database or transaction on either driver (PGlite or node-postgres). Without the relational
 * query API (`db.query.*`), which Baton does not use: with a schema, every transaction would build a
 * query helper per table.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
