import { eq, sql } from 'drizzle-orm';
import { rateLimitCounters } from '../../src/server/db/schema';
import { preparedPerHandle, rawStatement, rawStatementsByShape } from '../../src/server/db/preparedStatements';
import type { Db } from '../../src/server/db/types';
import { openTestDatabase } from './helpers/testDatabase';

// rate_limit_counters serves as a scratch table: a text key, a count and a time.
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

const insertCounter = rawStatement(
  () => sql`insert into ${rateLimitCounters} (key, hits, resets_at)
    values (${sql.placeholder('key')}::text, ${sql.placeholder('hits')}::int, now()) returning hits`,
);
const countersNamed = (db: Db, key: string) =>
  db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));

test('a raw statement fills its placeholders, and inside a transaction runs on its connection', async () => {
  const { db } = database;
  expect(await insertCounter<{ hits: number }>(db, { key: 'outside', hits: 3 })).toEqual([{ hits: 3 }]);
  await expect(
    db.transaction(async (tx) => {
      await insertCounter(tx, { key: 'rolled back', hits: 1 });
      expect(await countersNamed(tx, 'rolled back')).toHaveLength(1);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await countersNamed(db, 'rolled back')).toEqual([]);
  expect(await countersNamed(db, 'outside')).toHaveLength(1);
});

test('each shape is built once and keeps its own text', async () => {
  const build = jest.fn(
    (shape: 'plain' | 'doubled') =>
      sql`select ${shape === 'doubled' ? sql`${sql.placeholder('n')}::int * 2` : sql`${sql.placeholder('n')}::int`} as n`,
  );
  const run = rawStatementsByShape((shape: 'plain' | 'doubled') => shape, build);
  const n = async (shape: 'plain' | 'doubled', value: number) =>
    (await run<{ n: number }>(database.db, shape, { n: value }))[0]!.n;
  expect([await n('plain', 2), await n('doubled', 2), await n('plain', 5), await n('doubled', 5)]).toEqual([
    2, 4, 5, 10,
  ]);
  expect(build).toHaveBeenCalledTimes(2);
});

test('a value missing for a placeholder is an error, not a null', async () => {
  await expect(insertCounter(database.db, { key: 'no hits' })).rejects.toThrow(/hits/);
  expect(await countersNamed(database.db, 'no hits')).toEqual([]);
});

test('a prepared query is built once for the shared handle, and again for each transaction', async () => {
  const prepare = jest.fn((db: Db) =>
    db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, sql.placeholder('key')))
      .prepare('test_counter_hits'),
  );
  const hitsOf = preparedPerHandle(prepare);
  const { db } = database;
  await insertCounter(db, { key: 'shared', hits: 7 });
  expect(await hitsOf(db).execute({ key: 'shared' })).toEqual([{ hits: 7 }]);
  expect(await hitsOf(db).execute({ key: 'shared' })).toEqual([{ hits: 7 }]);
  expect(prepare).toHaveBeenCalledTimes(1);

  // The transaction's own query sees what the transaction wrote and has not committed.
  await db.transaction(async (tx) => {
    await insertCounter(tx, { key: 'in transaction', hits: 9 });
    expect(await hitsOf(tx).execute({ key: 'in transaction' })).toEqual([{ hits: 9 }]);
  });
  expect(prepare).toHaveBeenCalledTimes(2);
});
