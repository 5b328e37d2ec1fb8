/**
 * Statements built once and run many times. Drizzle builds a query's SQL text on every call, and on a
 * hot route that costs the server more CPU than the database spends answering it (a quarter of an
 * authenticated read's CPU), so the queries every request runs are built once with placeholders
 * (`sql.placeholder`) and kept, and run as named prepared statements where the driver keeps them
 * (node-postgres; PGlite runs them as plain queries).
 */
import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './types';

const dialect = new PgDialect();

/**
 * A query prepared once per database handle (`prepare` ends in drizzle's `.prepare(name)`). A
 * transaction is a handle of its own, so its queries are prepared again each time, which keeps them
 * on the transaction's connection; the app's handle, which every request shares, prepares once.
 */
export function preparedPerHandle<Prepared extends object>(prepare: (db: Db) => Prepared): (db: Db) => Prepared {
  const prepared = new WeakMap<Db, Prepared>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}

/** Placeholder values by name: what `sql.placeholder(name)` stands for. */
export type PlaceholderValues = Record<string, unknown>;

/**
 * Raw statements (rows as the driver gives them) whose text depends on a shape: each shape's text is
 * compiled once, with every value a placeholder, and runs on any handle, transactions included, as a
 * prepared statement named after its text (so one name never gets two texts).
 */
export function rawStatementsByShape<Shape>(shapeKey: (shape: Shape) => string, build: (shape: Shape) => SQL) {
  const compiled = new Map<string, { query: Query; name: string }>();
  return async function run<Row>(db: Db, shape: Shape, values: PlaceholderValues): Promise<Row[]> {
    const key = shapeKey(shape);
    let statement = compiled.get(key);
    if (!statement) {
      const query = dialect.sqlToQuery(build(shape));
      statement = { query, name: `s_${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}` };
      compiled.set(key, statement);
    }
    const result = await db._.session.prepareQuery(statement.query, undefined, statement.name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/** A raw statement of one shape, compiled once (see `rawStatementsByShape`). */
export function rawStatement(build: () => SQL) {
  const run = rawStatementsByShape(() => '', build);
  return <Row>(db: Db, values: PlaceholderValues) => run<Row>(db, undefined, values);
}
