import { TcpProxy } from './helpers/tcpProxy';
import { health, sleep, startServer, waitFor, type ServerProcess } from './helpers/serverProcess';
import { signIn, WriteLoad } from './helpers/writeLoad';
import { adminUrl, createDatabase, databaseUrl, dropDatabase, storedItems, withAdmin } from './helpers/postgres';
import { lostOrHalfWritten } from './helpers/checks';

/**
 * The real server process on PostgreSQL, reached through a TCP proxy, under write load while its
 * database fails three ways in turn. The process must never exit, answer 503 (with Retry-After) while
 * the database is away, never hang a request, recover by itself, and keep every acknowledged write.
 */
describe('the server on PostgreSQL when its database fails', () => {
  const connectSeconds = 1;
  const statementSeconds = 2;
  /** The longest any request may wait during a fault: connect, statement, the answer margin, and slack for a busy machine. */
  const longestAnswerMs = (connectSeconds + statementSeconds + 2) * 1000 + 4000;
  let name: string;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let base: string;
  let load: WriteLoad;

  beforeAll(async () => {
    name = await createDatabase();
    proxy = new TcpProxy(Number(new URL(adminUrl).port || 5432), new URL(adminUrl).hostname);
    await proxy.listen();
    server = startServer({
      DATABASE_URL: databaseUrl(name, proxy.port),
      DATABASE_CONNECT_TIMEOUT_SECONDS: String(connectSeconds),
      DATABASE_STATEMENT_TIMEOUT_SECONDS: String(statementSeconds),
    });
    base = await server.address;
    const writers = [];
    for (let index = 0; index < 4; index += 1) writers.push(await signIn(base, `faults-${index}@example.com`));
    load = new WriteLoad(base, writers, longestAnswerMs + 5000);
    load.start();
    await waitFor('writes acknowledged before the faults', async () => load.acknowledged.length >= 10, 20_000);
  }, 60_000);

  afterAll(async () => {
    await load?.stop();
    server?.child.kill('SIGKILL');
    await proxy?.close();
    if (name) await dropDatabase(name);
  }, 30_000);

  /** Waits until the database is back for the server: /healthz 200 and new writes acknowledged. */
  async function expectRecovery(fault: string) {
    const acknowledgedBefore = load.acknowledged.length;
    const healthyAfter = await waitFor('/healthz 200 again', async () => (await health(base)).status === 200, 15_000);
    const writingAfter = await waitFor(
      'new writes acknowledged again',
      async () => load.acknowledged.length > acknowledgedBefore + 3,
      15_000,
    );
    console.log(`${fault}: /healthz 200 after ${healthyAfter} ms, writes acknowledged again after ${writingAfter} ms`);
  }

  /** Every answer since `since` is Ok or a 503 Failed with Retry-After; none missing, none slow. */
  function expectOnly200or503(since: number) {
    const answers = load.answersSince(since);
    const wrong = answers.filter(
      (answer) =>
        !(answer.status === 200 || (answer.status === 503 && answer.result === 'Failed' && answer.retryAfter === '5')),
    );
    expect(wrong).toEqual([]);
    expect(answers.filter((answer) => answer.ms > longestAnswerMs)).toEqual([]);
    return answers;
  }

  it('survives its backends being terminated mid-transaction', async () => {
    const since = Date.now();
    for (let round = 0; round < 3; round += 1) {
      await withAdmin((admin) =>
        admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]),
      );
      await sleep(400);
    }
    await expectRecovery('terminated backends');
    expect(server.exit()).toBeUndefined();
    expectOnly200or503(since);
  }, 60_000);

  it('answers 503 with Retry-After while the database refuses connections, then recovers', async () => {
    const fault = 'refused connections';
    await proxy.refuse();
    const since = Date.now();
    const during = await health(base);
    console.log(`${fault}: /healthz ${during.status} in ${during.ms} ms`);
    await sleep(3000);
    expect(during.status).toBe(503);
    expect(during.retryAfter).toBe('5');
    expect(during.ms).toBeLessThan(3000);
    await proxy.heal();
    await expectRecovery('refused connections');
    expect(server.exit()).toBeUndefined();
    const answers = expectOnly200or503(since);
    expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
  }, 60_000);

  it('answers 503 quickly, never hanging, while connections get no answer at all, then recovers', async () => {
    const fault = 'no answer';
    proxy.blackhole();
    const since = Date.now();
    const during = await health(base);
    console.log(`${fault}: /healthz ${during.status} in ${during.ms} ms`);
    await sleep(5000);
    expect(during.status).toBe(503);
    expect(during.ms).toBeLessThan(connectSeconds * 1000 + 2000);
    await proxy.heal();
    await expectRecovery('no answer');
    expect(server.exit()).toBeUndefined();
    const answers = expectOnly200or503(since);
    expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
  }, 60_000);

  it('kept every acknowledged write, and wrote no bulk create in part', async () => {
    await load.stop();
    expect(server.exit()).toBeUndefined();
    const stored = await storedItems(name);
    expect(load.acknowledged.length).toBeGreaterThan(20);
    expect([...load.bulks.values()].some(Boolean)).toBe(true); // the atomicity check below is not vacuous
    expect(lostOrHalfWritten(load, stored)).toEqual({ missing: [], halfWritten: [] });
  }, 30_000);
});
