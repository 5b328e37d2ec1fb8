import { githubHandoffWorld, INSTALLATION, type GithubHandoffWorld } from './helpers/githubHandoff';

jest.setTimeout(30_000);

/** The web client's retries of one click: the same Idempotency-Key after 500, 1000 and 2000 ms (idempotentCreates.ts). */
const CLIENT_RETRIES = 3;

describe('one issue per hand-off, whatever GitHub’s timing', () => {
  let w: GithubHandoffWorld;
  beforeAll(async () => {
    w = await githubHandoffWorld();
  });
  afterAll(async () => w?.close());
  afterEach(() => {
    w.github.failNext = null;
    w.github.lateNext = null;
  });

  const issuesIn = () => w.github.issues.filter((issue) => issue.repository === 'acme/shop').length;

  it('GitHub opens the issue but answers after Baton’s time limit: one click and its retries make one issue and one hand-off', async () => {
    const item = await w.readyItem();
    const [issues, handoffs] = [issuesIn(), await w.count('handoffs')];
    w.github.lateNext = { times: 1, ms: 1_500, path: /\/issues$/, method: 'POST' };
    const headers = { 'idempotency-key': 'one-click-late' };
    const first = await w.send(item.id, headers);
    expect(first.statusCode).toBe(200);
    const answers = [first];
    for (let retry = 0; retry < CLIENT_RETRIES; retry++) answers.push(await w.send(item.id, headers));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.json()).toEqual(first.json());
    expect(issuesIn()).toBe(issues + 1);
    expect(await w.count('handoffs')).toBe(handoffs + 1);
    const issue = w.github.issues.at(-1)!;
    expect(first.json().data).toMatchObject({ state: 'pending', issueNumber: issue.number });
    expect(first.json().data.notice).toBeUndefined();
    // The marker is an HTML comment at the end of the body: GitHub does not show it.
    expect(issue.body).toMatch(/\n\n<!-- baton-handoff:[0-9a-f-]{36} -->$/);
    expect(await w.itemOf(item.id)).toMatchObject({ codingAgentUrl: first.json().data.issueUrl, workflowStatus: 1 });
  });

  it('GitHub answers neither the create nor the look-up: the answer says so (not "nothing was changed"), retries replay it, and the issues.opened delivery links the issue', async () => {
    const item = await w.readyItem();
    const issues = issuesIn();
    w.github.lateNext = { times: 1, ms: 'hang', path: /\/issues$/, method: 'POST' };
    w.github.failNext = { times: 1, status: 'hang', path: /\/issues$/, method: 'GET' };
    const headers = { 'idempotency-key': 'one-click-lost' };
    const first = await w.send(item.id, headers);
    expect(first.statusCode).toBe(200);
    const sent = first.json().data;
    expect(sent).toMatchObject({ state: 'pending', issueNumber: null, issueUrl: null });
    expect(sent.notice).toMatch(/^GitHub did not answer in time, so it is not yet known whether the issue was opened/);
    expect(first.body).not.toMatch(/Nothing was changed/);
    for (let retry = 0; retry < CLIENT_RETRIES; retry++) {
      expect((await w.send(item.id, headers)).json()).toEqual(first.json());
    }
    expect(issuesIn()).toBe(issues + 1);

    // GitHub's issues.opened delivery of that issue carries the marker: the hand-off gets its issue.
    const issue = w.github.issues.at(-1)!;
    await w.deliver('issues', {
      action: 'opened',
      installation: { id: INSTALLATION },
      repository: { full_name: 'acme/shop' },
      issue: {
        number: issue.number,
        html_url: `${w.github.web}/acme/shop/issues/${issue.number}`,
        body: issue.body,
        user: { login: 'baton-handoff[bot]', type: 'Bot' },
      },
    });
    expect(await w.handoffOf(item.id)).toMatchObject({
      id: sent.id,
      issueNumber: issue.number,
      issueUrl: `${w.github.web}/acme/shop/issues/${issue.number}`,
    });
    expect(await w.itemOf(item.id)).toMatchObject({
      codingAgentUrl: expect.stringContaining('/issues/'),
      workflowStatus: 1,
    });
  });

  it('an issue someone else opens with a copied marker is not taken, nor one in another installation', async () => {
    const item = await w.readyItem();
    w.github.lateNext = { times: 1, ms: 'hang', path: /\/issues$/, method: 'POST' };
    w.github.failNext = { times: 1, status: 'hang', path: /\/issues$/, method: 'GET' };
    const sent = (await w.send(item.id)).json().data;
    const body = w.github.issues.at(-1)!.body;
    const opened = (user: { login: string; type: string }, installation = INSTALLATION) =>
      w.deliver('issues', {
        action: 'opened',
        installation: { id: installation },
        repository: { full_name: 'acme/shop' },
        issue: { number: 9_001, html_url: `${w.github.web}/acme/shop/issues/9001`, body, user },
      });
    await opened({ login: 'mallory', type: 'User' });
    await opened({ login: 'baton-handoff[bot]', type: 'Bot' }, 999);
    expect(await w.handoffOf(item.id)).toMatchObject({ id: sent.id, issueNumber: null });
  });

  it('GitHub refuses the issue (422): the hand-off is taken back and the message names GitHub’s refusal', async () => {
    const item = await w.readyItem();
    const [issues, handoffs] = [issuesIn(), await w.count('handoffs')];
    w.github.failNext = { times: 1, status: 422, path: /\/issues$/, method: 'POST' };
    const refused = await w.send(item.id);
    expect([refused.statusCode, refused.json().result]).toEqual([502, 'Failed']);
    expect(refused.json().message).toMatch(/^GitHub refused the request as invalid \(HTTP 422\)/);
    expect(issuesIn()).toBe(issues);
    expect(await w.count('handoffs')).toBe(handoffs);
    expect(await w.itemOf(item.id)).toMatchObject({ codingAgentUrl: null, workflowStatus: 0 });
  });

  it('a 5xx from GitHub is not taken as "nothing happened": the issue is looked up by its marker', async () => {
    const item = await w.readyItem();
    const handoffs = await w.count('handoffs');
    w.github.failNext = { times: 1, status: 502, path: /\/issues$/, method: 'POST' };
    const answer = await w.send(item.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ issueNumber: null, notice: expect.any(String) });
    expect(await w.count('handoffs')).toBe(handoffs + 1);
    expect(w.github.requests.at(-1)).toMatchObject({ method: 'GET', path: '/repos/acme/shop/issues' });
  });
});
