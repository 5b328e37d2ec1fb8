import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { teamUser, unscheduled } from './helpers/planning';
import { postgresUrl } from './helpers/testDatabase';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/db/unavailable';

const createDemo = (app: TestApp['app'], cookie: string, projectId: string, description = 'An item') =>
  call(app, 'POST', '/v1/teams/active/project-items/demos', {
    cookie,
    body: { projectId, project: unscheduled(), item: { description } },
  });

describe('when the database is away', () => {
  let test: TestApp;
  beforeEach(async () => {
    test = await buildTestApp({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterEach(() => test.close());

  it('answers 503 Failed with Retry-After, and /healthz 503, once the database is gone', async () => {
    const { app } = test;
    const { cookie, projectId } = await teamUser(app, 'away@example.com');
    await app.database.close();

    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');

    for (const response of [
      await createDemo(app, cookie, projectId),
      await call(app, 'POST', '/v1/auth/test-authenticate', { body: { emailAddress: 'late@example.com' } }),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ result: 'Failed', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
  });

  (postgresUrl ? it : it.skip)(
    'survives backends terminated under writes: each answer is Ok (and stored) or 503, then it recovers',
    async () => {
      const { app } = test;
      const { cookie, projectId } = await teamUser(app, 'terminated@example.com');
      const name = (
        (await app.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows[0]!.name;
      const admin = new Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        const answers = [];
        for (let round = 0; round < 3; round += 1) {
          const writes = Array.from({ length: 12 }, (_, index) =>
            createDemo(app, cookie, projectId, `w${round}-${index}`),
          );
          await new Promise((resolve) => setTimeout(resolve, 15));
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
          answers.push(...(await Promise.all(writes)));
        }
        expect(answers.every((answer) => [200, 503].includes(answer.statusCode))).toBe(true);
        const failed = answers.filter((answer) => answer.statusCode === 503);
        for (const answer of failed) expect(answer.headers['retry-after']).toBe('5');

        expect((await createDemo(app, cookie, projectId, 'after')).statusCode).toBe(200);
        expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
        const acknowledged = answers
          .filter((answer) => answer.statusCode === 200)
          .map((answer) => answer.json().data.id);
        const present = ((await app.db.execute(sql`select id from items`)) as unknown as { rows: { id: string }[] })
          .rows;
        expect(acknowledged.filter((id) => !present.some((row) => row.id === id))).toEqual([]);
      } finally {
        await admin.end();
      }
    },
    60_000,
  );
});
