import { sql } from 'drizzle-orm';
import { githubHandoffWorld, INSTALLATION, type GithubHandoffWorld } from './helpers/githubHandoff';

jest.setTimeout(30_000);

/**
 * GitHub's error answers as it sends them (its REST docs, "Rate limits for the REST API" and the
 * `basic-error` / `validation-error` schemas of @octokit/openapi-types): a send they refuse stores
 * nothing and says why; a delivery they hold up waits until GitHub says it may ask again.
 */
describe('GitHub’s real error answers', () => {
  let w: GithubHandoffWorld;
  beforeAll(async () => {
    w = await githubHandoffWorld();
  });
  afterAll(async () => w?.close());
  afterEach(() => {
    w.github.failNext = null;
  });

  const resetAt = () => Math.floor(Date.now() / 1000) + 1_800;
  const docs = 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api';
  const refusals: [string, number, Record<string, string>, unknown, RegExp][] = [
    [
      'primary rate limit (403, x-ratelimit-remaining 0)',
      403,
      {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': '5000',
        'x-ratelimit-resource': 'core',
      },
      {
        message: `API rate limit exceeded for installation ID ${INSTALLATION}.`,
        documentation_url: docs,
        status: '403',
      },
      /^GitHub's rate limit for Baton's app is used up until \d\d:\d\d UTC \(HTTP 403\): nothing was done; try again then\.$/,
    ],
    [
      'secondary rate limit (403, retry-after)',
      403,
      { 'retry-after': '60' },
      {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        documentation_url: `${docs}#about-secondary-rate-limits`,
        status: '403',
      },
      /^GitHub's rate limit for Baton's app is used up until \d\d:\d\d UTC \(HTTP 403\)/,
    ],
    [
      'too many requests (429, retry-after)',
      429,
      { 'retry-after': '30' },
      { message: 'Too Many Requests', documentation_url: docs, status: '429' },
      /^GitHub's rate limit for Baton's app is used up until \d\d:\d\d UTC \(HTTP 429\)/,
    ],
    [
      'not found (404)',
      404,
      {},
      {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
        status: '404',
      },
      /^GitHub cannot find it \(HTTP 404\) — the repository may be gone, or the app may not reach it: Not Found$/,
    ],
    [
      'issues disabled (410)',
      410,
      {},
      {
        message: 'Issues are disabled for this repo',
        documentation_url: 'https://docs.github.com/v3/issues/',
        status: '410',
      },
      /^GitHub says it is gone \(HTTP 410\): Issues are disabled for this repo$/,
    ],
    [
      'validation failed (422)',
      422,
      {},
      {
        message: 'Validation Failed',
        errors: [
          {
            resource: 'Issue',
            code: 'custom',
            field: 'body',
            message: 'body is too long (maximum is 65536 characters)',
          },
        ],
        documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
        status: '422',
      },
      /^GitHub refused the request as invalid \(HTTP 422\): Validation Failed: body is too long \(maximum is 65536 characters\)$/,
    ],
    [
      'forbidden (403, a permission)',
      403,
      { 'x-ratelimit-remaining': '4999' },
      {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest',
        status: '403',
      },
      /^GitHub refused the request \(HTTP 403\) — the app or your account may lack a permission: Resource not accessible by integration$/,
    ],
  ];

  it.each(refusals)(
    'a send GitHub refuses with %s stores nothing and says why',
    async (_name, status, headers, body, message) => {
      const item = await w.readyItem();
      const [issues, handoffs] = [w.github.issues.length, await w.count('handoffs')];
      w.github.failNext = { times: 1, status, path: /\/issues$/, method: 'POST', headers, body };
      const refused = await w.send(item.id);
      expect([refused.statusCode, refused.json().result]).toEqual([502, 'Failed']);
      expect(refused.json().message).toMatch(message);
      expect(w.github.issues).toHaveLength(issues);
      expect(await w.count('handoffs')).toBe(handoffs);
      expect(await w.itemOf(item.id)).toMatchObject({ workflowStatus: 0, codingAgentUrl: null });
    },
  );

  it('a delivery GitHub rate-limits waits until GitHub’s reset, not a guess', async () => {
    const { handoff } = await w.sentHandoff();
    w.github.closingIssues.set('acme/shop#501', [handoff.issueNumber]);
    const reset = resetAt();
    w.github.failNext = {
      times: 1,
      status: 403,
      path: /^\/graphql$/,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset), 'x-ratelimit-resource': 'graphql' },
      body: { message: `API rate limit exceeded for installation ID ${INSTALLATION}.`, documentation_url: docs },
    };
    await w.deliver(
      'pull_request',
      {
        action: 'opened',
        installation: { id: INSTALLATION },
        repository: { full_name: 'acme/shop' },
        sender: { login: 'Copilot', type: 'Bot' },
        pull_request: {
          number: 501,
          title: 'Checkout',
          html_url: `${w.github.web}/acme/shop/pull/501`,
          body: 'Adds the checkout page.',
          merged: false,
          head: { ref: 'copilot/checkout' },
          user: { login: 'Copilot', type: 'Bot' },
        },
      },
      'limited-1',
    );
    const row = (
      (await w.t.app.db.execute(
        sql`select attempts, next_attempt_at, outcome from github_deliveries where delivery_id = 'limited-1'`,
      )) as unknown as { rows: { attempts: number; next_attempt_at: string | Date; outcome: string }[] }
    ).rows[0]!;
    expect(row.attempts).toBe(1);
    expect(new Date(row.next_attempt_at).getTime()).toBe(reset * 1000);
    expect(row.outcome).toMatch(/^error: GitHub's rate limit for Baton's app is used up until/);
  });
});
