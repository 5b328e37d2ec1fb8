import { sql } from 'drizzle-orm';
import { githubHandoffWorld, INSTALLATION, type GithubHandoffWorld } from './helpers/githubHandoff';
import { call } from './helpers/testApp';
import { retryDelayMs } from '../../src/server/services/githubQueue';

jest.setTimeout(60_000);

/** Copilot's pull request as GitHub delivers it: by a bot, on `copilot/…`, naming no issue in its body. */
const copilotPullRequest = (number: number) => ({
  action: 'opened',
  installation: { id: INSTALLATION },
  repository: { full_name: 'acme/shop' },
  pull_request: {
    number,
    title: 'Checkout page',
    html_url: `https://github.invalid/acme/shop/pull/${number}`,
    body: 'Adds the checkout page.',
    merged: false,
    head: { ref: `copilot/checkout-${number}` },
    user: { login: 'Copilot', type: 'Bot' },
  },
});

describe('the webhook queue asks GitHub outside any transaction, and retries what failed', () => {
  let w: GithubHandoffWorld;
  beforeAll(async () => {
    // Long enough that the calls below answer well inside the hang, even on a loaded machine.
    w = await githubHandoffWorld({ GITHUB_TIMEOUT_SECONDS: '5' });
  });
  afterAll(async () => w?.close());
  afterEach(() => {
    w.github.failNext = null;
  });

  const delivery = async (id: string) =>
    (
      (await w.t.app.db.execute(
        sql`select attempts, outcome, processed_at is not null as processed, next_attempt_at from github_deliveries where delivery_id = ${id}`,
      )) as unknown as {
        rows: { attempts: number; outcome: string | null; processed: boolean; next_attempt_at: string | null }[];
      }
    ).rows[0]!;

  it('while GitHub hangs on a delivery’s look-up, an API read and another delivery answer without waiting for it', async () => {
    const { item, handoff } = await w.sentHandoff();
    w.github.closingIssues.set('acme/shop#301', [handoff.issueNumber]);
    w.github.failNext = { times: 1, status: 'hang', path: /^\/graphql$/ };
    expect((await w.post('pull_request', copilotPullRequest(301), 'hang-1')).statusCode).toBe(200);
    // Once its look-up reached GitHub, the queue waits on it (up to GITHUB_TIMEOUT_SECONDS).
    for (let waited = 0; w.github.requests.at(-1)?.path !== '/graphql' && waited < 5000; waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(w.github.requests.at(-1)).toMatchObject({ path: '/graphql' });

    // Both answer while the look-up still hangs: the queue has not given up on it yet (no outcome), so
    // neither waited for GitHub. (Ordered by events, not timed: a loaded machine cannot make it flaky.)
    const read = await call(w.t.app, 'GET', `/v1/teams/active/project-items/${item.id}/handoffs`, {
      cookie: w.owner.cookie,
    });
    expect(read.statusCode).toBe(200);
    expect(await delivery('hang-1')).toMatchObject({ attempts: 0, outcome: null });
    expect((await w.post('ping', { zen: 'Design for failure.' }, 'during-hang')).statusCode).toBe(200);
    expect(await delivery('hang-1')).toMatchObject({ attempts: 0, outcome: null });

    await w.t.app.githubQueue.idle();
    // The look-up timed out: the delivery waits for its next attempt instead of being lost.
    expect(await delivery('hang-1')).toMatchObject({ attempts: 1, processed: false });
    expect((await delivery('hang-1')).outcome).toMatch(/^error: GitHub did not answer in time/);
    expect(await w.itemOf(item.id)).toMatchObject({ workflowStatus: 1 });
  });

  it('a failed delivery is tried again after its backoff and then applied', async () => {
    const { item, handoff } = await w.sentHandoff();
    w.github.closingIssues.set('acme/shop#302', [handoff.issueNumber]);
    w.github.failNext = { times: 1, status: 502, path: /^\/graphql$/ };
    await w.deliver('pull_request', copilotPullRequest(302), 'retry-1');
    expect(await delivery('retry-1')).toMatchObject({ attempts: 1, processed: false });
    // Not yet due: a kick changes nothing.
    w.t.app.githubQueue.kick();
    await w.t.app.githubQueue.idle();
    expect(await delivery('retry-1')).toMatchObject({ attempts: 1, processed: false });

    w.t.clock.advance(retryDelayMs(1));
    w.t.app.githubQueue.kick();
    await w.t.app.githubQueue.idle();
    expect(await delivery('retry-1')).toMatchObject({ processed: true, outcome: 'opened: 1 hand-off(s)' });
    expect(await w.itemOf(item.id)).toMatchObject({ workflowStatus: 2 });
  });

  it('GitHub’s "Redeliver" of a failed delivery (same id) is applied at once; of an applied one, dropped', async () => {
    const { item, handoff } = await w.sentHandoff();
    w.github.closingIssues.set('acme/shop#303', [handoff.issueNumber]);
    w.github.failNext = { times: 1, status: 502, path: /^\/graphql$/ };
    await w.deliver('pull_request', copilotPullRequest(303), 'redeliver-1');
    expect(await delivery('redeliver-1')).toMatchObject({ attempts: 1, processed: false });

    await w.deliver('pull_request', copilotPullRequest(303), 'redeliver-1');
    expect(await delivery('redeliver-1')).toMatchObject({ processed: true, outcome: 'opened: 1 hand-off(s)' });
    const events = async () =>
      (await w.handoffOf(item.id)).events.filter((event: { kind: string }) => event.kind === 'pull_request');
    expect(await events()).toHaveLength(1);

    await w.deliver('pull_request', copilotPullRequest(303), 'redeliver-1');
    expect(await events()).toHaveLength(1);
  });

  it('gives a delivery up after its attempts, and a redelivery takes it again', async () => {
    const { item, handoff } = await w.sentHandoff();
    w.github.closingIssues.set('acme/shop#304', [handoff.issueNumber]);
    w.github.failNext = { times: 100, status: 502, path: /^\/graphql$/ };
    await w.deliver('pull_request', copilotPullRequest(304), 'give-up-1');
    for (let attempt = 1; attempt < 8; attempt++) {
      w.t.clock.advance(retryDelayMs(attempt));
      w.t.app.githubQueue.kick();
      await w.t.app.githubQueue.idle();
    }
    expect(await delivery('give-up-1')).toMatchObject({ attempts: 8, processed: true, next_attempt_at: null });
    w.github.failNext = null;
    await w.deliver('pull_request', copilotPullRequest(304), 'give-up-1');
    expect(await delivery('give-up-1')).toMatchObject({ processed: true, outcome: 'opened: 1 hand-off(s)' });
    expect(await w.itemOf(item.id)).toMatchObject({ workflowStatus: 2 });
  });
});
