import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { agentActions } from '../../src/server/db/schema';
import { contentProblem } from '../../src/server/ai/outputSchema';
import { agentPairKeys, agentPairs, type AgentPairKey } from '../../src/shared/contract/agent';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, teamUser } from './helpers/planning';
import { expectQuotaLimit, useAgentActions } from './helpers/members';
import { startFakeOpenAiCompatible, type FakeAiServer } from './helpers/fakeAiServers';

// Integration tests: many calls each, and the machine may be busy running other suites.
jest.setTimeout(30_000);

/** A valid request for every pair, as the wizards send them. */
const inputs: Record<AgentPairKey, Record<string, unknown>> = {
  'product-story/motivatingQuestions': { description: 'A meal planner' },
  'product-story/story': {
    description: 'A meal planner',
    answers: [{ questionId: 'audience', question: 'Who?', answer: 'Parents' }],
  },
  'project-plan/plan': { description: 'Ship the beta\n- Sign-up\n- Sharing', story: 'Parents plan meals.' },
  'engineering-patterns/motivatingQuestions': { description: 'A Fastify app' },
  'engineering-patterns/patterns': {
    description: 'A Fastify app',
    answers: [{ questionId: 'testing', question: 'Tests?', answer: '- Jest\n- Playwright' }],
  },
  'product-patterns/motivatingQuestions': { description: 'A planning app' },
  'product-patterns/patterns': { description: 'Calm tone\nKeyboard first' },
  'add-multiple-items/refinedDescription': { description: 'Rebuild onboarding' },
  'add-multiple-items/items': { description: '## Demos\n- Show onboarding\n## Implementations\n- Welcome screen' },
  'add-single-new-item/refinedDescription': { description: 'Add logout' },
  'split-project-item/parts': {},
};

const generate = (t: TestApp, cookie: string, contextId: string, body: unknown) =>
  call(t.app, 'POST', `/v1/agent/${contextId}/generate`, { cookie, body });

const usedActions = async (t: TestApp, cookie: string) =>
  (await call(t.app, 'GET', '/v1/accounts/active/subscription', { cookie })).json().data.usage.agentActions as number;

describe('POST /v1/agent/{contextId}/generate on the drafter (no provider configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the pinned product story', async () => {
    const { cookie } = await teamUser(t.app, 'pinned@example.com');
    const response = await generate(t, cookie, 'product-story', {
      contentId: 'story',
      itemId: null,
      inputModel: { description: 'Meal planning for busy parents' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: 'Ok',
      data: {
        contextId: 'product-story',
        contentId: 'story',
        draftedBy: 'drafter',
        content: { story: 'Meal planning for busy parents' },
      },
    });
  });

  it('answers every pair with content valid against its schema, spending no agent action', async () => {
    const { cookie, projectId } = await teamUser(t.app, 'every-pair@example.com');
    const item = await createItem(t.app, cookie, projectId, { item: { description: 'Payments\n- Card\n- PayPal' } });
    for (const pair of agentPairKeys) {
      const { contextId, contentId } = agentPairs[pair];
      const itemId = ['add-single-new-item', 'split-project-item'].includes(contextId) ? item.id : null;
      const response = await generate(t, cookie, contextId, { contentId, itemId, inputModel: inputs[pair] });
      expect({ pair, status: response.statusCode }).toEqual({ pair, status: 200 });
      const data = response.json().data;
      expect(data).toMatchObject({ contextId, contentId, draftedBy: 'drafter' });
      expect(contentProblem(pair, data.content)).toBeNull();
    }
    expect(await usedActions(t, cookie)).toBe(0);
    const rows = await t.app.db.select().from(agentActions).where(eq(agentActions.accountId, 'every-pair@example.com'));
    expect(rows).toEqual([]);
  });

  it('drafts past the monthly quota, since the drafter spends nothing, and still saves the draft', async () => {
    const { cookie, teamId, userId } = await teamUser(t.app, 'drafter-past-quota@example.com'); // free: 50 a month
    await useAgentActions(t.app, t.clock.now(), { accountId: 'drafter-past-quota@example.com', teamId, userId }, 50);
    const response = await generate(t, cookie, 'product-story', {
      contentId: 'story',
      inputModel: { description: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.draftedBy).toBe('drafter');
    expect(await usedActions(t, cookie)).toBe(50);
    const stored = (await call(t.app, 'GET', '/v1/agent/product-story', { cookie })).json().data;
    expect(stored.content.story).toEqual({ story: 'x' });
  });

  it('splits the saved description of the named item', async () => {
    const { cookie, projectId } = await teamUser(t.app, 'split@example.com');
    const item = await createItem(t.app, cookie, projectId, { item: { description: 'Sign in\n- Google\n- Apple' } });
    const response = await generate(t, cookie, 'split-project-item', {
      contentId: 'parts',
      itemId: item.id,
      inputModel: {},
    });
    expect(response.json().data.content.parts).toEqual([
      { description: 'Google\n\nPart of: Sign in' },
      { description: 'Apple\n\nPart of: Sign in' },
    ]);
  });

  it("plans with the active project's board: its demos group their work, items on it are not added again", async () => {
    const { cookie, projectId } = await teamUser(t.app, 'board-plan@example.com');
    const milestones = [{ index: 0, name: 'Pilot', targetDate: '2026-12-15' }];
    expect(
      (await call(t.app, 'PUT', `/v1/teams/active/projects/${projectId}`, { cookie, body: { milestones } })).statusCode,
    ).toBe(200);
    const inPilot = { scope: 0 as const, assignedTimeframe: { span: 4, index: 0 } };
    const vault = await createItem(t.app, cookie, projectId, {
      kind: 'implementations',
      item: { description: 'Card vault' },
    });
    const receipts = await createItem(t.app, cookie, projectId, {
      kind: 'implementations',
      project: inPilot,
      item: { description: 'Email receipts' },
    });
    const demo = await createItem(t.app, cookie, projectId, {
      kind: 'demos',
      project: inPilot,
      item: { description: 'Demo saved cards to Acme', implementationIds: [vault.id] },
    });
    const other = await teamUser(t.app, 'board-plan-other@example.com');
    await createItem(t.app, other.cookie, other.projectId, { kind: 'gtm', item: { description: 'Not this team' } });

    const response = await generate(t, cookie, 'project-plan', {
      contentId: 'plan',
      itemId: null,
      inputModel: { description: '- Email receipts\n- Fix refunds\n- Announce saved cards on the blog' },
    });
    expect(response.statusCode).toBe(200);
    const { plan, milestones: drafted } = response.json().data.content;
    expect(drafted).toEqual([
      {
        title: `${demo.externalId} Demo saved cards to Acme`,
        description: `Needs:\n- ${vault.externalId} Card vault\n- ${receipts.externalId} Email receipts\n\nWhen: 2026-12-15`,
      },
      { title: 'Build the rest', description: '- Fix refunds' },
      { title: 'Go to market', description: '- Announce saved cards on the blog' },
    ]);
    expect(plan).toContain('## On the board\n\n1 demo and 2 implementations.');
    expect(JSON.stringify(response.json())).not.toContain('Not this team');
  });

  it("applies the team's patterns to the open items of the requester's active project, never another team's", async () => {
    const { cookie, projectId } = await teamUser(t.app, 'board-patterns@example.com');
    const route = await createItem(t.app, cookie, projectId, {
      kind: 'implementations',
      item: { description: 'Refund route' },
    });
    await createItem(t.app, cookie, projectId, { kind: 'demos', item: { description: 'Demo refund route to Acme' } });
    const other = await teamUser(t.app, 'board-patterns-other@example.com');
    await createItem(t.app, other.cookie, other.projectId, {
      kind: 'implementations',
      item: { description: 'Other route' },
    });

    const response = await generate(t, cookie, 'engineering-patterns', {
      contentId: 'patterns',
      itemId: null,
      inputModel: {
        description: 'Our API',
        answers: [{ questionId: 'conventions', question: 'Conventions?', answer: 'Every route validates its input' }],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.content.patterns).toEqual([
      {
        name: 'Every route validates its input',
        description: [
          'Every route must validate its input.',
          'Why: every change follows the same conventions.',
          'Applies to: implementations.',
          `On the board: ${route.externalId} Refund route.`,
        ].join('\n'),
      },
    ]);
  });

  it("refuses another team's item as not found, and counts nothing", async () => {
    const owner = await teamUser(t.app, 'item-owner@example.com');
    const item = await createItem(t.app, owner.cookie, owner.projectId, { item: { description: 'A\n- b\n- c' } });
    const stranger = await teamUser(t.app, 'item-stranger@example.com');
    for (const contextId of ['split-project-item', 'add-single-new-item']) {
      const contentId = contextId === 'split-project-item' ? 'parts' : 'refinedDescription';
      const inputModel = contextId === 'split-project-item' ? {} : { description: 'x' };
      const response = await generate(t, stranger.cookie, contextId, { contentId, itemId: item.id, inputModel });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ result: 'NotFound', message: 'item not found' });
    }
    expect(await usedActions(t, stranger.cookie)).toBe(0);
  });

  it.each([
    ['an unknown kind', 'stories', { contentId: 'story', inputModel: { description: 'x' } }, /^params\.contextId /],
    ['no contentId', 'product-story', { inputModel: { description: 'x' } }, /^body\.contentId is required$/],
    [
      'a contentId of another kind',
      'product-story',
      { contentId: 'plan', inputModel: { description: 'x' } },
      /^body\.contentId must be one of motivatingQuestions, story for product-story$/,
    ],
    ['no inputModel', 'product-story', { contentId: 'story' }, /^body\.inputModel: /],
    [
      'a blank description',
      'product-story',
      { contentId: 'story', inputModel: { description: '' } },
      /^body\.inputModel\.description: /,
    ],
    [
      'a description of spaces',
      'add-multiple-items',
      { contentId: 'items', inputModel: { description: ' \n\t ' } },
      /^body\.inputModel\.description must not be blank$/,
    ],
    [
      'a description over 20,000 characters',
      'project-plan',
      { contentId: 'plan', inputModel: { description: 'x'.repeat(20_001) } },
      /^body\.inputModel\.description: .*20000/,
    ],
    [
      'too many answers',
      'product-story',
      {
        contentId: 'story',
        inputModel: { description: 'x', answers: Array.from({ length: 31 }, () => ({ question: 'q', answer: 'a' })) },
      },
      /^body\.inputModel\.answers: /,
    ],
    [
      'an unknown field',
      'product-story',
      { contentId: 'story', inputModel: { description: 'x', extra: 1 } },
      /^body\.inputModel\.extra: /,
    ],
    ['no itemId for a per-item kind', 'split-project-item', { contentId: 'parts', inputModel: {} }, /^body\.itemId: /],
    [
      'an itemId for a team-level kind',
      'product-story',
      { contentId: 'story', itemId: 'abc', inputModel: { description: 'x' } },
      /^body\.itemId: /,
    ],
  ])('refuses %s with InvalidRequest naming the field, counting nothing', async (_case, contextId, body, message) => {
    const { cookie } = await teamUser(t.app, `invalid-${randomUUID()}@example.com`);
    const response = await generate(t, cookie, contextId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe('InvalidRequest');
    expect(response.json().message).toMatch(message);
    expect(await usedActions(t, cookie)).toBe(0);
  });

  it('counts nothing when the drafter refuses (nothing to split)', async () => {
    const { cookie, projectId } = await teamUser(t.app, 'nothing-to-split@example.com');
    const item = await createItem(t.app, cookie, projectId, { item: { description: 'One thing' } });
    const response = await generate(t, cookie, 'split-project-item', {
      contentId: 'parts',
      itemId: item.id,
      inputModel: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/nothing to split/);
    expect(await usedActions(t, cookie)).toBe(0);
  });

  it('answers as server-sent events when asked: started, then done with the envelope', async () => {
    const { cookie } = await teamUser(t.app, 'streamed@example.com');
    const streamed = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/agent/product-story/generate',
        headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
        payload: JSON.stringify(body),
      });
    const response = await streamed({ contentId: 'story', inputModel: { description: 'Plan meals' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const done = {
      result: 'Ok',
      data: { contextId: 'product-story', contentId: 'story', draftedBy: 'drafter', content: { story: 'Plan meals' } },
    };
    expect(response.body).toBe(`event: started\ndata: {}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`);
    expect(await usedActions(t, cookie)).toBe(0);
    // Refused before generation starts: the plain JSON envelope with its own status.
    const refused = await streamed({ contentId: 'story', inputModel: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().result).toBe('InvalidRequest');
  });

  it('needs a session', async () => {
    const response = await generate(t, '', 'product-story', { contentId: 'story', inputModel: { description: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});

const N = 12;

describe("the agent-actions quota, spent by an AI provider's generations", () => {
  let t: TestApp;
  let fake: FakeAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiCompatible();
    fake.answerWith({ content: { story: 'Parents plan meals.' } });
    t = await buildTestApp({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'llama3.2' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('counts one agent action per generation, recorded with its pair', async () => {
    const { cookie } = await teamUser(t.app, 'provider-counts@example.com');
    const response = await generate(t, cookie, 'product-story', {
      contentId: 'story',
      inputModel: { description: 'x' },
    });
    expect(response.json().data.draftedBy).toBe('ai');
    expect(await usedActions(t, cookie)).toBe(1);
    const rows = await t.app.db
      .select()
      .from(agentActions)
      .where(eq(agentActions.accountId, 'provider-counts@example.com'));
    expect(rows.map((row) => row.kind)).toEqual(['product-story/story']);
  });

  it('counts the calendar month (UTC): last month’s actions leave this month’s quota whole', async () => {
    const { cookie, teamId, userId } = await teamUser(t.app, 'monthly@example.com');
    const lastMonth = new Date(Date.UTC(2026, 9, 31, 23, 59)); // the test clock is in November 2026
    await t.app.db.insert(agentActions).values({
      id: randomUUID(),
      accountId: 'monthly@example.com',
      teamId,
      userId,
      kind: 'earlier',
      createdAt: lastMonth,
    });
    expect(await usedActions(t, cookie)).toBe(0);
    expect(
      (await generate(t, cookie, 'product-story', { contentId: 'story', inputModel: { description: 'x' } })).statusCode,
    ).toBe(200);
    expect(await usedActions(t, cookie)).toBe(1);
  });

  const fillTo = (accountId: string, teamId: string, userId: string, count: number) =>
    useAgentActions(t.app, t.clock.now(), { accountId, teamId, userId }, count);

  it('refuses the first generation past the monthly quota with QuotaLimit agent-actions', async () => {
    const { cookie, teamId, userId } = await teamUser(t.app, 'quota-full@example.com'); // free: 50 a month
    await fillTo('quota-full@example.com', teamId, userId, 50);
    const response = await generate(t, cookie, 'product-story', {
      contentId: 'story',
      inputModel: { description: 'x' },
    });
    expectQuotaLimit(response, 'agent-actions');
    expect(response.json().message).toBe(
      'Sorry, you have reached your quota for the number of Agent Actions you can perform each month.',
    );
    expect(await usedActions(t, cookie)).toBe(50);
  });

  it(`${N} concurrent generations with one action left: exactly one succeeds`, async () => {
    const { cookie, teamId, userId } = await teamUser(t.app, 'quota-race@example.com');
    await fillTo('quota-race@example.com', teamId, userId, 49);
    const responses = await Promise.all(
      Array.from({ length: N }, (_, n) =>
        generate(t, cookie, 'product-story', { contentId: 'story', inputModel: { description: `Race ${n}` } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) expectQuotaLimit(refused, 'agent-actions');
    expect(await usedActions(t, cookie)).toBe(50);
  });
});

describe('the agentActions rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_AGENT_ACTIONS: '2/60' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the per-user limit on generations, counting nothing', async () => {
    const { cookie } = await teamUser(t.app, 'rate-limited@example.com');
    const body = { contentId: 'story', inputModel: { description: 'x' } };
    expect((await generate(t, cookie, 'product-story', body)).statusCode).toBe(200);
    expect((await generate(t, cookie, 'product-story', body)).statusCode).toBe(200);
    const limited = await generate(t, cookie, 'product-story', body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().result).toBe('Failed');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await usedActions(t, cookie)).toBe(0); // the drafter's drafts spend no agent action
  });
});
