import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { openDatabase } from '../../src/server/db/database';
import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';
import { postgresUrl } from './helpers/testDatabase';

describe('two Baton instances on one database', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await buildTestApp();
  });
  afterAll(() => first.close());

  it('both serve the same signed-in user: sessions live in the database, not in memory', async () => {
    // On PostgreSQL the second instance has its own connection pool, as a second process would.
    const database =
      postgresUrl && first.app.database.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: currentDatabaseUrl(first) }, { migrate: true })
        : first.app.database;
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3001' }),
      database,
      clientDistDir: '/nonexistent-baton-dist',
    });
    try {
      const { cookie } = await signInAs(first.app, 'both@example.com');
      const fromSecond = await call(second, 'GET', '/v1/user/core-application-context', { cookie });
      expect(fromSecond.statusCode).toBe(200);
      expect(fromSecond.json().data.userContext.emailAddress).toBe('both@example.com');
      await call(second, 'POST', '/v1/auth/sign-out', { cookie });
      expect((await call(first.app, 'GET', '/v1/auth/validate', { cookie })).statusCode).toBe(401);
    } finally {
      await second.close();
      if (database !== first.app.database) await database.close();
    }
  });
});

function currentDatabaseUrl(t: TestApp): string {
  const pool = (t.app.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}
