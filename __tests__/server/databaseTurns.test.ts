import { createTurns } from '../../src/server/plugins/turns';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from '../../src/server/plugins/databaseTurns';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { teamUser, unscheduled } from './helpers/planning';
import { putPlan } from './helpers/members';

jest.setTimeout(30_000);

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('turns at the embedded database', () => {
  it('admits in arrival order, passes a released turn on, and turns away a wait past the bound', async () => {
    const turns = createTurns(2, 100, () => 0);
    const first = (await turns.take())!;
    const second = (await turns.take())!;
    const admitted: number[] = [];
    const waiting = [3, 4, 5].map((n) => turns.take().then((release) => (release && admitted.push(n), release)));
    expect(turns.load).toEqual({ running: 2, waiting: 3, serviceMs: 0 });
    first();
    first(); // a second release of the same turn changes nothing
    second();
    const [third, fourth, fifth] = await Promise.all(waiting);
    expect(admitted).toEqual([3, 4]);
    expect(third).not.toBeNull();
    expect(fourth).not.toBeNull();
    expect(fifth).toBeNull();
    expect(turns.load).toEqual({ running: 2, waiting: 0, serviceMs: 0 });
    third!();
    fourth!();
    expect(turns.load).toEqual({ running: 0, waiting: 0, serviceMs: 0 });
  });

  it('bounds the whole answer: waits the budget less a turn, and turns away at once a queue too long', async () => {
    let clock = 0;
    const turns = createTurns(1, 100, () => clock);
    // Turns held 50 ms each teach it how long a turn takes.
    for (let n = 0; n < 30; n++) {
      const release = (await turns.take())!;
      clock += 50;
      release();
    }
    expect(turns.load.serviceMs).toBe(50);
    jest.useFakeTimers();
    try {
      const holder = (await turns.take())!;
      let waited: (() => void) | null | 'waiting' = 'waiting';
      void turns.take().then((answer) => (waited = answer));
      // Behind one caller it would wait 50 ms, behind two 100 ms: with its own 50 ms turn, past the 100 ms budget.
      expect(await turns.take()).toBeNull();
      expect(turns.load.waiting).toBe(1);
      // The one let in waits at most the budget less its own turn, then is turned away.
      await jest.advanceTimersByTimeAsync(49);
      expect(waited).toBe('waiting');
      await jest.advanceTimersByTimeAsync(3);
      expect(waited).toBeNull();
      holder();
    } finally {
      jest.useRealTimers();
    }
    expect(turns.load).toMatchObject({ running: 0, waiting: 0 });
  });

  it('turns away a caller whose turn comes too late to finish within the budget, and passes the turn on', async () => {
    let clock = 0;
    const turns = createTurns(1, 100, () => clock);
    const holder = (await turns.take())!;
    const late = turns.take();
    clock = 40;
    const next = turns.take();
    // After one 90 ms turn a turn is expected to take 18 ms (the average moves a fifth of the way): one
    // started at 90 ms would end past the first waiter's deadline (100 ms), within the second's (140 ms).
    clock = 90;
    holder();
    expect(await late).toBeNull();
    const admitted = await next;
    expect(admitted).not.toBeNull();
    admitted!();
    expect(turns.load).toMatchObject({ running: 0, waiting: 0 });
  });

  (onPostgres ? describe.skip : describe)('in the app (embedded database)', () => {
    let t: TestApp;
    let u: Awaited<ReturnType<typeof teamUser>>;
    beforeAll(async () => {
      t = await buildTestApp({ EMBEDDED_DATABASE_CONCURRENCY: '1', EMBEDDED_DATABASE_QUEUE_SECONDS: '0.05' });
      u = await teamUser(t.app, 'turns@example.com');
      await putPlan(t.app, u.cookie, 'business');
    });
    afterAll(() => t.close());

    const bulk = (count: number) =>
      call(t.app, 'POST', '/v1/teams/active/project-items/all/bulk-create', {
        cookie: u.cookie,
        body: {
          projectId: u.projectId,
          items: Array.from({ length: count }, (_, n) => ({
            itemType: 1,
            project: unscheduled(),
            item: { description: `Bulk ${n}` },
          })),
        },
      });

    it('serves the first of a burst and answers 503 with Retry-After to those that waited past the bound', async () => {
      const itemCount = async () =>
        (
          await call(t.app, 'POST', `/v1/teams/active/projects/${u.projectId}/all/query`, {
            cookie: u.cookie,
            body: {},
          })
        ).json().data.items.length as number;
      const before = await itemCount();
      const create = (n: number) =>
        call(t.app, 'POST', '/v1/teams/active/project-items/demos', {
          cookie: u.cookie,
          body: { projectId: u.projectId, project: unscheduled(), item: { description: `Burst ${n}` } },
        });
      const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => create(n)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses[0]).toBe(200);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      const turnedAway = answers.filter((answer) => answer.statusCode === 503);
      expect(turnedAway.length).toBeGreaterThan(0);
      for (const answer of turnedAway) {
        expect(answer.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
        expect(answer.json()).toEqual({ result: 'Failed', message: BUSY_MESSAGE });
      }
      // Each 200 made its item, each 503 made nothing.
      expect(await itemCount()).toBe(before + statuses.filter((status) => status === 200).length);
    });

    it('leaves pages, health, held-open streams and routes declared callsOut out of the turns', async () => {
      // The bulk create holds the one turn far longer than the 50 ms a turn may be waited for.
      const [long, health, exchange] = await Promise.all([
        bulk(300),
        t.app.inject({ method: 'GET', url: '/healthz' }),
        call(t.app, 'POST', '/v1/auth/exchange-token', { body: {} }),
      ]);
      expect([long.statusCode, health.statusCode, exchange.statusCode]).toEqual([200, 200, 400]);
    });
  });
});
