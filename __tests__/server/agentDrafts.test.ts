import { AgentKinds } from '../../src/shared/contract/agent';
import { draftScopeOf } from '../../src/shared/contract/agentDrafts';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, teamUser } from './helpers/planning';
import { expectQuotaLimit, join, putPlan, useAgentActions } from './helpers/members';
import { startFakeOpenAiCompatible, type FakeAiServer } from './helpers/fakeAiServers';

// Integration tests: many calls each, and the machine may be busy running other suites.
jest.setTimeout(30_000);

// The describes on the default configuration share one app and database (each signs in its own users),
// which saves a database clone each.
let defaultApp: Promise<TestApp> | undefined;
const onDefaultApp = () => (defaultApp ??= buildTestApp());
afterAll(async () => (await defaultApp)?.close());

const draftUrl = (kind: string, itemId?: string) => (itemId ? `/v1/agent/${kind}/${itemId}` : `/v1/agent/${kind}`);

describe('stored agent drafts: GET|PUT /v1/agent/<kind>', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  let itemId: string;
  beforeAll(async () => {
    t = await onDefaultApp();
    owner = await teamUser(t.app, 'drafts@example.com');
    itemId = (await createItem(t.app, owner.cookie, owner.projectId, { item: { description: 'Payments\n- Card' } })).id;
  });

  const get = (kind: string, id?: string, cookie = owner.cookie) => call(t.app, 'GET', draftUrl(kind, id), { cookie });
  const put = (kind: string, body: unknown, cookie = owner.cookie) =>
    call(t.app, 'PUT', `/v1/agent/${kind}`, { cookie, body });

  it.each(AgentKinds.map((kind) => [kind]))('answers an empty %s draft before the first save', async (kind) => {
    const perItem = draftScopeOf(kind) === 'item';
    const response = await get(kind, perItem ? itemId : undefined);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      kind,
      projectId: draftScopeOf(kind) === 'project' ? owner.projectId : null,
      itemId: perItem ? itemId : null,
      step: null,
      inputModel: {},
      content: {},
      draftedBy: null,
      updatedAt: null,
    });
  });

  it('saves and reads back a whole draft', async () => {
    const body = {
      step: 'MotivatingQuestions',
      inputModel: { description: 'A meal planner', answers: [{ question: 'Who?', answer: 'Parents' }] },
      content: { motivatingQuestions: { questions: [{ id: 'audience', question: 'Who is it for?' }] } },
    };
    const saved = await put('product-story', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ ...body, kind: 'product-story', projectId: owner.projectId });
    expect(saved.json().data.updatedAt).toEqual(expect.any(String));
    expect((await get('product-story')).json().data).toEqual(saved.json().data);
  });

  it.each([
    ['an unknown part', { step: null, inputModel: {}, content: { poem: { text: 'x' } } }],
    ['a part of the wrong shape', { step: null, inputModel: {}, content: { story: { story: { text: 'x' } } } }],
    ['a step that is not a step name', { step: 'Drop table', inputModel: {}, content: {} }],
    ['an oversized input', { step: null, inputModel: { description: 'x'.repeat(70_000) }, content: {} }],
    ['no content', { step: null, inputModel: {} }],
  ])('refuses %s with InvalidRequest and keeps the stored draft', async (_case, body) => {
    const before = (await get('product-story')).json().data;
    const response = await put('product-story', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe('InvalidRequest');
    expect((await get('product-story')).json().data).toEqual(before);
  });

  it('keeps a project draft per project: the active project picks it', async () => {
    await put('project-plan', { step: 'Refine', inputModel: { description: 'First' }, content: {} });
    const second = await call(t.app, 'POST', '/v1/teams/active/projects', {
      cookie: owner.cookie,
      body: { description: 'Second' },
    });
    const secondId = second.json().data.id as string;
    await call(t.app, 'PUT', '/v1/teams/active/projects/active', {
      cookie: owner.cookie,
      body: { newActiveProjectId: secondId },
    });
    expect((await get('project-plan')).json().data).toMatchObject({ projectId: secondId, step: null });
    await call(t.app, 'PUT', '/v1/teams/active/projects/active', {
      cookie: owner.cookie,
      body: { newActiveProjectId: owner.projectId },
    });
    expect((await get('project-plan')).json().data).toMatchObject({ projectId: owner.projectId, step: 'Refine' });
  });

  it('keeps a per-item draft per item, named in the path to read and in the body to write', async () => {
    const body = { itemId, step: 'Refine', inputModel: { guidance: 'By payment method' }, content: {} };
    expect((await put('split-project-item', body)).statusCode).toBe(200);
    expect((await get('split-project-item', itemId)).json().data).toMatchObject({ itemId, step: 'Refine' });
    const missingItem = await put('split-project-item', { step: null, inputModel: {}, content: {} });
    expect(missingItem.statusCode).toBe(400);
  });

  it("answers NotFound for another team's item or an unknown one, and writes nothing", async () => {
    const stranger = await teamUser(t.app, 'drafts-stranger@example.com');
    for (const id of [itemId, 'no-such-item']) {
      const read = await get('split-project-item', id, stranger.cookie);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ result: 'NotFound', message: 'item not found' });
      const write = await put(
        'split-project-item',
        { itemId: id, step: 'Hijack', inputModel: {}, content: {} },
        stranger.cookie,
      );
      expect(write.statusCode).toBe(404);
    }
    expect((await get('split-project-item', itemId)).json().data.step).toBe('Refine');
  });

  it("never shows one team's team-wide drafts to another", async () => {
    await put('engineering-patterns', { step: 'CurrentContext', inputModel: { description: 'Secret' }, content: {} });
    const stranger = await teamUser(t.app, 'drafts-stranger-2@example.com');
    expect((await get('engineering-patterns', undefined, stranger.cookie)).json().data.step).toBeNull();
  });

  it('lets an Editor read and write drafts', async () => {
    const editor = await join(t.app, owner.cookie, 'drafts-editor@example.com', 1);
    const saved = await put(
      'add-multiple-items',
      { step: 'InputDescription', inputModel: {}, content: {} },
      editor.cookie,
    );
    expect(saved.statusCode).toBe(200);
    expect((await get('add-multiple-items')).json().data.step).toBe('InputDescription');
  });

  it('removes the drafts of a deleted item', async () => {
    const doomed = await createItem(t.app, owner.cookie, owner.projectId, {
      item: { description: 'Doomed\n- a\n- b' },
    });
    await put('add-single-new-item', { itemId: doomed.id, step: 'Refine', inputModel: {}, content: {} });
    const deleted = await call(t.app, 'DELETE', `/v1/teams/active/project-items/all/${doomed.id}`, {
      cookie: owner.cookie,
      body: { projectId: owner.projectId },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get('add-single-new-item', doomed.id)).statusCode).toBe(404);
  });
});

describe('generation writes its part into the stored draft', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await onDefaultApp();
    owner = await teamUser(t.app, 'generated@example.com');
  });

  const generate = (contextId: string, body: unknown) =>
    call(t.app, 'POST', `/v1/agent/${contextId}/generate`, { cookie: owner.cookie, body });
  const draft = async (kind: string) =>
    (await call(t.app, 'GET', `/v1/agent/${kind}`, { cookie: owner.cookie })).json().data;

  it('adds the generated part, keeping the step, the answers and the other parts', async () => {
    const questions = { questions: [{ id: 'who', question: 'Who is it for?' }] };
    await call(t.app, 'PUT', '/v1/agent/product-story', {
      cookie: owner.cookie,
      body: { step: 'Refine', inputModel: { description: 'Meals' }, content: { motivatingQuestions: questions } },
    });
    const response = await generate('product-story', {
      contentId: 'story',
      itemId: null,
      inputModel: { description: 'Meal planning for parents' },
    });
    expect(response.statusCode).toBe(200);
    expect(await draft('product-story')).toMatchObject({
      step: 'Refine',
      inputModel: { description: 'Meals' },
      content: { motivatingQuestions: questions, story: response.json().data.content },
      draftedBy: 'drafter',
    });
  });

  it('creates the draft on a first generation, with its input as the answers', async () => {
    await generate('add-multiple-items', {
      contentId: 'items',
      itemId: null,
      inputModel: { description: '- Sign-up\n- Sharing' },
    });
    expect(await draft('add-multiple-items')).toMatchObject({
      step: null,
      inputModel: { description: '- Sign-up\n- Sharing' },
      content: { items: { items: [expect.anything(), expect.anything()] } },
    });
  });

  it('gives every generated pattern an id, which a later save keeps', async () => {
    await generate('engineering-patterns', {
      contentId: 'patterns',
      itemId: null,
      inputModel: { description: 'Small files\nTests through HTTP' },
    });
    const stored = await draft('engineering-patterns');
    const patterns = stored.content.patterns.patterns as { id: string; name: string }[];
    expect(patterns.length).toBeGreaterThan(0);
    expect(patterns.every((pattern) => typeof pattern.id === 'string' && pattern.id.length > 0)).toBe(true);
    const edited = [
      { ...patterns[0]!, name: 'Small modules' },
      ...patterns.slice(1),
      { name: 'New one', description: '' },
    ];
    const saved = await call(t.app, 'PUT', '/v1/agent/engineering-patterns', {
      cookie: owner.cookie,
      body: { step: 'IdentifyPatterns', inputModel: stored.inputModel, content: { patterns: { patterns: edited } } },
    });
    const savedPatterns = saved.json().data.content.patterns.patterns as { id: string; name: string }[];
    expect(savedPatterns[0]).toEqual({ ...patterns[0], name: 'Small modules' });
    expect(savedPatterns.at(-1)!.id).toEqual(expect.any(String));
    const duplicate = await call(t.app, 'PUT', '/v1/agent/engineering-patterns', {
      cookie: owner.cookie,
      body: { step: null, inputModel: {}, content: { patterns: { patterns: [savedPatterns[0], savedPatterns[0]] } } },
    });
    expect(duplicate.statusCode).toBe(400);
  });
});

describe("a provider's generation refused by the quota", () => {
  let t: TestApp;
  let fake: FakeAiServer;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    fake = await startFakeOpenAiCompatible();
    fake.answerWith({ content: { questions: [{ id: 'who', question: 'Who is it for?' }] } });
    t = await buildTestApp({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'llama3.2' });
    owner = await teamUser(t.app, 'generated@example.com');
    await call(t.app, 'PUT', '/v1/agent/product-story', {
      cookie: owner.cookie,
      body: { step: 'Refine', inputModel: { description: 'Meals' }, content: {} },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const generate = (contextId: string, body: unknown) =>
    call(t.app, 'POST', `/v1/agent/${contextId}/generate`, { cookie: owner.cookie, body });
  const draft = async (kind: string) =>
    (await call(t.app, 'GET', `/v1/agent/${kind}`, { cookie: owner.cookie })).json().data;

  it('leaves the draft as it was when the quota refuses the action', async () => {
    await putPlan(t.app, owner.cookie, 'free');
    const before = await draft('product-story');
    // The free plan's 50 a month, all but one used: one generation still passes, the next is refused.
    const subscription = async () =>
      (await call(t.app, 'GET', '/v1/accounts/active/subscription', { cookie: owner.cookie })).json().data;
    const { usage } = await subscription();
    const personalAccount = { accountId: 'generated@example.com', teamId: owner.teamId, userId: owner.userId };
    await useAgentActions(t.app, t.clock.now(), personalAccount, 49 - (usage.agentActions as number));
    const last = await generate('product-story', {
      contentId: 'motivatingQuestions',
      itemId: null,
      inputModel: { description: 'The last one' },
    });
    expect(last.statusCode).toBe(200);
    expect((await subscription()).usage.agentActions).toBe(50);
    const refused = await generate('product-story', {
      contentId: 'motivatingQuestions',
      itemId: null,
      inputModel: { description: 'Past the quota' },
    });
    expectQuotaLimit(refused, 'agent-actions');
    const questionsBefore = (await draft('product-story')).content.motivatingQuestions;
    const again = await generate('product-story', {
      contentId: 'motivatingQuestions',
      itemId: null,
      inputModel: { description: 'One more' },
    });
    expectQuotaLimit(again, 'agent-actions');
    expect((await draft('product-story')).content.motivatingQuestions).toEqual(questionsBefore);
    expect(before.step).toBe('Refine');
  });
});

describe("implementation items reference the team's own patterns", () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  let stranger: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await onDefaultApp();
    owner = await teamUser(t.app, 'patterns-owner@example.com');
    stranger = await teamUser(t.app, 'patterns-stranger@example.com');
    for (const [user, id] of [
      [owner, 'ours'],
      [stranger, 'theirs'],
    ] as const) {
      await call(t.app, 'PUT', '/v1/agent/product-patterns', {
        cookie: user.cookie,
        body: { step: null, inputModel: {}, content: { patterns: { patterns: [{ id, name: id, description: '' }] } } },
      });
    }
  });

  const createImplementation = (projectPatternIds: string[]) =>
    call(t.app, 'POST', '/v1/teams/active/project-items/implementations', {
      cookie: owner.cookie,
      body: {
        projectId: owner.projectId,
        project: { scope: 1, assignedTimeframe: null },
        item: { description: 'Importer', projectPatternIds },
      },
    });

  it('accepts a pattern of the team', async () => {
    expect((await createImplementation(['ours'])).statusCode).toBe(200);
  });

  it.each([
    ['another team', 'theirs'],
    ['nowhere', 'made-up'],
  ])('refuses a pattern id from %s with InvalidRequest, creating nothing', async (_from, id) => {
    const before = (
      await call(t.app, 'POST', `/v1/teams/active/projects/${owner.projectId}/all/query`, {
        cookie: owner.cookie,
        body: {},
      })
    ).json().data.items.length;
    const response = await createImplementation(['ours', id]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`body.item.projectPatternIds: ${id} is not a pattern of this team`);
    const after = (
      await call(t.app, 'POST', `/v1/teams/active/projects/${owner.projectId}/all/query`, {
        cookie: owner.cookie,
        body: {},
      })
    ).json().data.items.length;
    expect(after).toBe(before);
  });
});

describe('GET /v1/agent/provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await onDefaultApp();
  });

  it('shows an Admin the built-in drafter when no provider is configured, and refuses an Editor', async () => {
    const admin = await teamUser(t.app, 'provider-admin@example.com');
    const response = await call(t.app, 'GET', '/v1/agent/provider', { cookie: admin.cookie });
    expect(response.json()).toEqual({
      result: 'Ok',
      data: { provider: 'none', draftedBy: 'drafter', model: null, baseUrl: null, timeoutSeconds: null },
    });
    const editor = await join(t.app, admin.cookie, 'provider-editor@example.com', 1);
    expect((await call(t.app, 'GET', '/v1/agent/provider', { cookie: editor.cookie })).statusCode).toBe(403);
  });
});
