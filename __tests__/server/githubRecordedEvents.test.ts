import { githubHandoffWorld, INSTALLATION, type GithubHandoffWorld } from './helpers/githubHandoff';
import { pointedAt, recordedExample, type Payload } from './helpers/githubExamples';
import { sql } from 'drizzle-orm';
import { call } from './helpers/testApp';

jest.setTimeout(60_000);

/**
 * The hand-off's state machine driven by GitHub's own recorded payloads (@octokit/webhooks-examples),
 * signed like GitHub, each pointed at the hand-off (repository, installation, links) and changed only
 * where the scenario needs it (merged, a conclusion, who commented).
 */
describe('hand-offs through GitHub’s recorded webhook payloads', () => {
  let w: GithubHandoffWorld;
  beforeAll(async () => {
    w = await githubHandoffWorld({ GITHUB_HANDOFF_STALE_HOURS: '24' });
  });
  afterAll(async () => w?.close());

  const point = (payload: Payload) =>
    pointedAt(payload, { repository: 'acme/shop', webOrigin: w.github.web, installationId: INSTALLATION });
  const example = (event: string, pick?: (payload: Payload) => boolean) => point(recordedExample(event, pick));
  const stateOf = async (itemId: string) => (await w.handoffOf(itemId)).state as string;

  const pullRequest = (action: string, n: number, pr: number, change: (payload: Payload) => void = () => {}) => {
    const payload = example('pull_request', (p) => p.action === action && Boolean(p.installation));
    payload.number = pr;
    payload.pull_request.number = pr;
    payload.pull_request.html_url = `${w.github.web}/acme/shop/pull/${pr}`;
    payload.pull_request.body = `Adds the checkout page.\r\n\r\nFixes #${n}`;
    change(payload);
    return payload;
  };
  const comment = (n: number, login: string, type: 'User' | 'Bot', body?: string) => {
    const payload = example('issue_comment', (p) => p.action === 'created');
    payload.issue.number = n;
    payload.comment.user = { ...payload.comment.user, login, type };
    if (body) payload.comment.body = body;
    return payload;
  };
  const workflowRun = (id: number, conclusion: string, headBranch: string, pullRequests: number[] = []) => {
    const payload = example('workflow_run', (p) => p.action === 'completed' && p.workflow_run.conclusion === 'success');
    payload.workflow_run.id = id;
    payload.workflow_run.conclusion = conclusion;
    payload.workflow_run.head_branch = headBranch;
    payload.workflow_run.html_url = `${w.github.web}/acme/shop/actions/runs/${id}`;
    payload.workflow_run.pull_requests = pullRequests.map((number) => ({ number }));
    return payload;
  };

  it('the Claude path: a person’s comment is not the agent; branch, Claude’s comment, PR, failing checks, passing checks, merge; late events leave it complete', async () => {
    const { item, handoff } = await w.sentHandoff();
    const n = handoff.issueNumber;
    expect(await stateOf(item.id)).toBe('pending');

    await w.deliver('issue_comment', comment(n, 'Codertocat', 'User'));
    await w.deliver('issue_comment', comment(n, 'dependabot[bot]', 'Bot'));
    expect(await stateOf(item.id)).toBe('pending');

    const create = example('create');
    Object.assign(create, { ref: `claude/issue-${n}-20261127`, ref_type: 'branch' });
    await w.deliver('create', create);
    expect(await stateOf(item.id)).toBe('active');
    await w.deliver('issue_comment', comment(n, 'claude[bot]', 'Bot', 'Claude Code is working…'));
    expect(await stateOf(item.id)).toBe('active');

    const branch = `claude/issue-${n}-20261127`;
    await w.deliver(
      'pull_request',
      pullRequest('opened', n, 800 + n, (p) => {
        p.pull_request.head.ref = branch;
      }),
    );
    expect(await stateOf(item.id)).toBe('prOpen');
    expect(await w.itemOf(item.id)).toMatchObject({ workflowStatus: 2 });

    // CI failing on the agent's pull request is the checks failing, not the agent.
    await w.deliver('workflow_run', workflowRun(70_001, 'failure', branch, [800 + n]));
    expect(await stateOf(item.id)).toBe('checksFailing');
    await w.deliver('workflow_run', workflowRun(70_002, 'success', branch, [800 + n]));
    expect(await stateOf(item.id)).toBe('prOpen');

    await w.deliver(
      'pull_request',
      pullRequest('closed', n, 800 + n, (p) => {
        p.pull_request.merged = true;
        p.pull_request.merged_at = '2026-11-27T08:00:00Z';
      }),
    );
    expect(await stateOf(item.id)).toBe('complete');
    const done = await w.itemOf(item.id);
    expect(done).toMatchObject({ workflowStatus: 3, pullRequestUrl: `${w.github.web}/acme/shop/pull/${800 + n}` });
    expect(done.completionDate).toEqual(expect.any(String));

    // Late events after the merge: nothing goes back.
    await w.deliver('pull_request', pullRequest('ready_for_review', n, 800 + n));
    await w.deliver(
      'pull_request',
      pullRequest('synchronize', n, 800 + n, (p) => {
        p.sender.login = 'claude[bot]';
      }),
    );
    await w.deliver('workflow_run', workflowRun(70_003, 'failure', branch, [800 + n]));
    const closed = example('issues', (p) => p.action === 'reopened');
    Object.assign(closed, { action: 'closed' });
    closed.issue.number = n;
    await w.deliver('issues', closed);
    expect(await stateOf(item.id)).toBe('complete');
    expect(await w.itemOf(item.id)).toMatchObject({ workflowStatus: 3 });
  });

  it('a pull request closed without merging shows closed-unmerged; reopened, PR open again', async () => {
    const { item, handoff } = await w.sentHandoff();
    const n = handoff.issueNumber;
    await w.deliver('pull_request', pullRequest('opened', n, 900 + n));
    await w.deliver('pull_request', pullRequest('closed', n, 900 + n));
    expect(await stateOf(item.id)).toBe('closedUnmerged');
    expect((await w.handoffOf(item.id)).pullRequests).toEqual([
      { number: 900 + n, url: `${w.github.web}/acme/shop/pull/${900 + n}`, state: 'closed' },
    ]);
    await w.deliver('pull_request', pullRequest('reopened', n, 900 + n));
    expect(await stateOf(item.id)).toBe('prOpen');
  });

  it('the agent’s own run failing is an error; a successful re-run clears it', async () => {
    const { item, handoff } = await w.sentHandoff();
    const n = handoff.issueNumber;
    const runId = 71_000 + n;
    await w.deliver(
      'issue_comment',
      comment(
        n,
        'claude[bot]',
        'Bot',
        `Claude Code is working… [View job](${w.github.web}/acme/shop/actions/runs/${runId})`,
      ),
    );
    expect(await w.handoffOf(item.id)).toMatchObject({
      state: 'active',
      jobUrl: `${w.github.web}/acme/shop/actions/runs/${runId}`,
    });
    await w.deliver('workflow_run', workflowRun(runId, 'failure', 'main'));
    expect(await stateOf(item.id)).toBe('error');
    await w.deliver('workflow_run', workflowRun(runId, 'success', 'main'));
    expect(await stateOf(item.id)).toBe('active');
  });

  it('another CI’s failing check suite on the agent’s pull request shows as checks failing', async () => {
    const { item, handoff } = await w.sentHandoff();
    const n = handoff.issueNumber;
    await w.deliver('pull_request', pullRequest('opened', n, 1_000 + n));
    const suite = example(
      'check_suite',
      (p) => p.action === 'completed' && p.check_suite.app?.slug !== 'github-actions',
    );
    suite.check_suite.conclusion = 'failure';
    suite.check_suite.pull_requests = [{ ...suite.check_suite.pull_requests[0], number: 1_000 + n }];
    await w.deliver('check_suite', suite);
    expect(await stateOf(item.id)).toBe('checksFailing');
  });

  it('installation suspended: the connection stays, hand-offs pause and nothing can be sent; unsuspended: they resume', async () => {
    const { item, handoff } = await w.sentHandoff();
    await w.deliver('pull_request', pullRequest('opened', handoff.issueNumber, 1_100 + handoff.issueNumber));
    await w.deliver(
      'installation',
      example('installation', (p) => p.action === 'suspend'),
    );
    expect(await stateOf(item.id)).toBe('paused');
    const status = await call(w.t.app, 'GET', '/v1/teams/active/github/status', { cookie: w.owner.cookie });
    expect(status.json().data).toMatchObject({ connected: true, repository: 'acme/shop' });
    expect(status.json().data.agents[0].checks[0].fix).toMatch(/^The app is suspended on /);
    const other = await w.readyItem();
    const refused = await w.send(other.id);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      expect.stringMatching(/^Baton's GitHub app is suspended on acme/),
    ]);

    await w.deliver(
      'installation',
      example('installation', (p) => p.action === 'unsuspend'),
    );
    expect(await stateOf(item.id)).toBe('prOpen');
    expect((await w.send(other.id)).statusCode).toBe(200);
  });

  it('installation_repositories removed: the repository’s hand-offs pause and readiness names it; added back: resumed', async () => {
    const { item } = await w.sentHandoff();
    const removed = example('installation_repositories', (p) => p.action === 'removed');
    removed.repositories_removed = removed.repositories_removed.map((r: Payload) => ({ ...r, full_name: 'acme/shop' }));
    const repositories = w.github.installations.get(INSTALLATION)!.repositories;
    const kept = [...repositories];
    repositories.splice(0);
    try {
      await w.deliver('installation_repositories', removed);
      expect(await stateOf(item.id)).toBe('paused');
      const status = await call(w.t.app, 'GET', '/v1/teams/active/github/status', { cookie: w.owner.cookie });
      expect(status.json().data.agents[0].checks[1]).toMatchObject({
        ok: false,
        fix: expect.stringMatching(/^Baton's app no longer reaches acme\/shop/),
      });
    } finally {
      repositories.push(...kept);
    }
    const added = example('installation_repositories', (p) => p.action === 'added');
    added.repositories_added = [{ ...added.repositories_added[0], full_name: 'acme/shop' }];
    await w.deliver('installation_repositories', added);
    expect(await stateOf(item.id)).toBe('pending');
  });

  it('no sign of the agent for the configured time: stale; a sign of it later: active', async () => {
    const { item, handoff } = await w.sentHandoff();
    w.t.clock.advance(23 * 3_600_000);
    w.t.app.githubQueue.kick();
    await w.t.app.githubQueue.idle();
    expect(await stateOf(item.id)).toBe('pending');
    w.t.clock.advance(2 * 3_600_000);
    w.t.app.githubQueue.kick();
    await w.t.app.githubQueue.idle();
    expect(await stateOf(item.id)).toBe('stale');
    expect((await w.handoffOf(item.id)).events.at(-1).text).toBe(
      'No sign of Claude Code for 24 hours: check the issue',
    );
    await w.deliver('issue_comment', comment(handoff.issueNumber, 'claude[bot]', 'Bot'));
    expect(await stateOf(item.id)).toBe('active');
  });

  it('issues opened (recorded) carrying a waiting hand-off’s marker links its issue', async () => {
    const item = await w.readyItem();
    w.github.lateNext = { times: 1, ms: 'hang', path: /\/issues$/, method: 'POST' };
    w.github.failNext = { times: 1, status: 'hang', path: /\/issues$/, method: 'GET' };
    const sent = (await w.send(item.id)).json().data;
    expect(sent.issueNumber).toBeNull();
    const issue = w.github.issues.at(-1)!;
    const opened = example('issues', (p) => p.action === 'opened');
    opened.issue.number = issue.number;
    opened.issue.html_url = `${w.github.web}/acme/shop/issues/${issue.number}`;
    opened.issue.body = issue.body;
    opened.issue.user = { ...opened.issue.user, login: 'baton-handoff[bot]', type: 'Bot' };
    await w.deliver('issues', opened);
    expect(await w.handoffOf(item.id)).toMatchObject({ id: sent.id, issueNumber: issue.number, state: 'pending' });
  });

  it('github_app_authorization revoked (recorded) forgets the member’s authorization', async () => {
    const revoked = recordedExample('github_app_authorization');
    const stored = async () =>
      (
        (await w.t.app.db.execute(
          sql`select count(*)::int as n from github_user_authorizations where github_user_id = ${revoked.sender.id}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    // The install callback kept the installer's authorization; make it the recorded sender's.
    await w.t.app.db.execute(
      sql`update github_user_authorizations set github_user_id = ${revoked.sender.id} where user_id = ${w.owner.userId}`,
    );
    expect(await stored()).toBe(1);
    await w.deliver('github_app_authorization', revoked);
    expect(await stored()).toBe(0);
  });

  it('ping and events Baton does not use are acknowledged and change nothing', async () => {
    const before = await w.count('handoff_events');
    for (const event of ['ping', 'installation']) {
      const payload = example(event, (p) => event !== 'installation' || p.action === 'new_permissions_accepted');
      expect((await w.deliver(event, payload)).statusCode).toBe(200);
    }
    expect(await w.count('handoff_events')).toBe(before);
  });

  // Last: it disconnects the team.
  it('installation deleted (recorded) disconnects the team', async () => {
    await w.deliver(
      'installation',
      example('installation', (p) => p.action === 'deleted'),
    );
    const status = await call(w.t.app, 'GET', '/v1/teams/active/github/status', { cookie: w.owner.cookie });
    expect(status.json().data).toMatchObject({ connected: false, account: null });
  });
});
