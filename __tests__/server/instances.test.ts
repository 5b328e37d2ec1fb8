import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { openDatabase } from '../../src/server/db/database';
import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';
import { postgresUrl } from './helpers/testDatabase';
import { createItem, move, onDay, queryBoard, teamUser } from './helpers/planning';

describe('two Baton instances on one database', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await buildTestApp();
  });
  afterAll(() => first.close());

  /** A second instance: on PostgreSQL with its own connection pool, as a second process would have. */
  async function secondInstance() {
    const database =
      postgresUrl && first.app.database.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: currentDatabaseUrl(first) }, { migrate: true })
        : first.app.database;
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3001' }),
      database,
      clientDistDir: '/nonexistent-baton-dist',
    });
    return {
      app,
      close: async () => {
        await app.close();
        if (database !== first.app.database) await database.close();
      },
    };
  }

  it('both serve the same signed-in user: sessions live in the database, not in memory', async () => {
    const { app: second, close } = await secondInstance();
    try {
      const { cookie } = await signInAs(first.app, 'both@example.com');
      const fromSecond = await call(second, 'GET', '/v1/user/core-application-context', { cookie });
      expect(fromSecond.statusCode).toBe(200);
      expect(fromSecond.json().data.userContext.emailAddress).toBe('both@example.com');
      await call(second, 'POST', '/v1/auth/sign-out', { cookie });
      expect((await call(first.app, 'GET', '/v1/auth/validate', { cookie })).statusCode).toBe(401);
    } finally {
      await close();
    }
  });

  it('moves sent to both at once, across two projects in both orders, all land in the shared calls', async () => {
    const { app: second, close } = await secondInstance();
    try {
      const u = await teamUser(first.app, 'mover@example.com');
      const created = await call(first.app, 'POST', '/v1/teams/active/projects', {
        cookie: u.cookie,
        body: { description: 'Second' },
      });
      const projects = [u.projectId, created.json().data.id as string];
      const items = await Promise.all(
        projects.map((projectId) =>
          Promise.all(
            Array.from({ length: 8 }, () => createItem(first.app, u.cookie, projectId, { project: onDay(20_416) })),
          ),
        ),
      );
      const transactions = [jest.spyOn(first.app.db, 'transaction'), jest.spyOn(second.db, 'transaction')];
      // Each instance gets moves of both projects, one in the order first-second, the other second-first.
      const sends = items[0]!.flatMap((item, i) => {
        const other = items[1]![i]!;
        const toEnd = { orderUpdate: {} };
        return [
          move(first.app, u.cookie, projects[0]!, item.id, toEnd),
          move(first.app, u.cookie, projects[1]!, other.id, toEnd),
          move(second, u.cookie, projects[1]!, other.id, toEnd),
          move(second, u.cookie, projects[0]!, item.id, toEnd),
        ];
      });
      const answers = await Promise.all(sends);
      expect(answers.map((answer) => answer.statusCode)).toEqual(sends.map(() => 200));
      // No move needed its own transaction (a deadlock or a call refused as a whole would send it there).
      for (const spy of transactions) expect(spy).not.toHaveBeenCalled();
      for (const projectId of projects) {
        const keys = (await queryBoard(first.app, u.cookie, projectId)).map((item) => item.projectContexts[0]!.sortKey);
        expect(keys).toHaveLength(8);
        expect(new Set(keys).size).toBe(8);
      }
    } finally {
      await close();
    }
  });
});

function currentDatabaseUrl(t: TestApp): string {
  const pool = (t.app.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}
