import { sql } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, teamUser } from './helpers/planning';
import { join } from './helpers/members';

jest.setTimeout(30_000);

const C = '/v1/teams/active/context-items';
const I = '/v1/teams/active/project-items';

describe('context items: /v1/teams/active/context-items', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  let stranger: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await teamUser(t.app, 'context@example.com');
    stranger = await teamUser(t.app, 'context-stranger@example.com');
  });
  afterAll(() => t.close());

  async function add(body: Record<string, unknown>, cookie = owner.cookie): Promise<string> {
    const response = await call(t.app, 'POST', C, { cookie, body: { body: '', ...body } });
    if (response.statusCode !== 200) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    return response.json().data.id;
  }
  const get = (id: string, cookie = owner.cookie) => call(t.app, 'GET', `${C}/${id}`, { cookie });
  const put = (id: string, body: unknown, cookie = owner.cookie) => call(t.app, 'PUT', `${C}/${id}`, { cookie, body });
  const chainOf = async (itemId: string, cookie = owner.cookie) => {
    const response = await call(t.app, 'GET', `${I}/${itemId}/parent-contexts`, { cookie });
    return { status: response.statusCode, body: response.json() };
  };
  const contextRows = async () =>
    (
      (await t.app.db.execute(
        sql`select string_agg(id || ':' || title || ':' || coalesce(parent_context_item_id, ''), ',' order by id) as rows
            from context_items`,
      )) as unknown as { rows: { rows: string | null }[] }
    ).rows[0]!.rows;

  it('creates, reads, lists, replaces and deletes one', async () => {
    const id = await add({ title: '  Payments use Stripe  ', body: '**Decided** in March', kind: 'decision' });
    const read = await get(id);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({
      id,
      title: 'Payments use Stripe',
      body: '**Decided** in March',
      kind: 'decision',
      parentContextItemId: null,
      dateCreated: expect.any(String),
      dateUpdated: expect.any(String),
    });

    const list = await call(t.app, 'GET', C, { cookie: owner.cookie });
    expect(list.json().data.contextItems.map((item: { id: string }) => item.id)).toContain(id);

    const replaced = await put(id, { title: 'Payments use Stripe Checkout', body: 'Hosted page only' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({
      title: 'Payments use Stripe Checkout',
      body: 'Hosted page only',
      kind: 'decision', // kept when not given
    });

    const deleted = await call(t.app, 'DELETE', `${C}/${id}`, { cookie: owner.cookie });
    expect(deleted.json()).toEqual({ result: 'Ok', data: { id } });
    expect((await get(id)).json().result).toBe('NotFound');
  });

  it('any member may write them', async () => {
    const editor = await join(t.app, owner.cookie, 'context-editor@example.com');
    const id = await add({ title: 'Written by an editor' }, editor.cookie);
    expect((await get(id)).json().data.title).toBe('Written by an editor');
  });

  it.each([
    ['a blank title', { title: '   ', body: '' }],
    ['no title', { body: 'x' }],
    ['an oversized body', { title: 'x', body: 'x'.repeat(20_001) }],
    ['an oversized title', { title: 'x'.repeat(257), body: '' }],
    ['a kind that is not a word', { title: 'x', body: '', kind: 'Drop table' }],
    ['an unknown field', { title: 'x', body: '', teamId: 'other' }],
  ])('refuses %s and stores nothing', async (_what, body) => {
    const before = await contextRows();
    const response = await call(t.app, 'POST', C, { cookie: owner.cookie, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe('InvalidRequest');
    expect(await contextRows()).toBe(before);
  });

  it('answers an item’s chain nearest first, and none for an item without one', async () => {
    const product = await add({ title: 'Product: meal planner' });
    const area = await add({ title: 'Area: payments', parentContextItemId: product });
    const decision = await add({ title: 'Decision: Stripe', parentContextItemId: area });
    const item = await createItem(t.app, owner.cookie, owner.projectId, {
      item: { description: 'Checkout page', parentContextItemId: decision },
    });
    const chain = await chainOf(item.id);
    expect(chain.status).toBe(200);
    expect(chain.body.data.parentContexts.map((context: { title: string }) => context.title)).toEqual([
      'Decision: Stripe',
      'Area: payments',
      'Product: meal planner',
    ]);

    const loose = await createItem(t.app, owner.cookie, owner.projectId);
    expect((await chainOf(loose.id)).body).toEqual({ result: 'Ok', data: { parentContexts: [] } });
  });

  it('refuses a parent that would close a cycle, and changes nothing', async () => {
    const root = await add({ title: 'Root' });
    const child = await add({ title: 'Child', parentContextItemId: root });
    const grandchild = await add({ title: 'Grandchild', parentContextItemId: child });
    const before = await contextRows();
    for (const parent of [root, grandchild]) {
      const response = await put(root, { title: 'Root', body: '', parentContextItemId: parent });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/cannot sit under itself or one of its children/);
    }
    expect(await contextRows()).toBe(before);
  });

  it('makes no cycle of concurrent re-parenting (25 rounds of two, and of three, at once)', async () => {
    const parentsOf = async () =>
      new Map(
        (
          (await t.app.db.execute(sql`select id, parent_context_item_id as parent from context_items`)) as unknown as {
            rows: { id: string; parent: string | null }[];
          }
        ).rows.map((row) => [row.id, row.parent]),
      );
    const inCycle = (parents: Map<string, string | null>, start: string) => {
      const seen = new Set<string>();
      for (let at: string | null | undefined = start; at; at = parents.get(at)) {
        if (seen.has(at)) return true;
        seen.add(at);
      }
      return false;
    };
    for (let round = 0; round < 25; round++) {
      const ring = [
        await add({ title: `A${round}` }),
        await add({ title: `B${round}` }),
        await add({ title: `C${round}` }),
      ];
      const size = round % 2 === 0 ? 2 : 3;
      const members = ring.slice(0, size);
      // Each item moves under the next at the same moment: together they would close a ring.
      const answers = await Promise.all(
        members.map((id, index) =>
          put(id, { title: `moved ${round}`, body: '', parentContextItemId: members[(index + 1) % size] }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(size - 1).fill(200), 400]);
      const parents = await parentsOf();
      expect(members.filter((id) => inCycle(parents, id))).toEqual([]);
    }
  });

  it('deleting one detaches its children and items, never deletes them', async () => {
    const parent = await add({ title: 'Going away' });
    const child = await add({ title: 'Stays', parentContextItemId: parent });
    const item = await createItem(t.app, owner.cookie, owner.projectId, {
      item: { description: 'Stays too', parentContextItemId: parent },
    });
    expect((await call(t.app, 'DELETE', `${C}/${parent}`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await get(child)).json().data.parentContextItemId).toBeNull();
    const read = await call(t.app, 'GET', `${I}/all/${item.id}`, { cookie: owner.cookie });
    expect(read.json().data.parentContextItemId).toBeNull();
  });

  it('an item’s parent must be a context item of its team', async () => {
    const foreign = await add({ title: 'Stranger’s secret' }, stranger.cookie);
    const before = await contextRows();
    for (const parentContextItemId of [foreign, 'no-such-context']) {
      const response = await call(t.app, 'POST', `${I}/demos`, {
        cookie: owner.cookie,
        body: {
          projectId: owner.projectId,
          project: { scope: 1, assignedTimeframe: null },
          item: { description: 'x', parentContextItemId },
        },
      });
      expect([response.statusCode, response.json().result]).toEqual([404, 'NotFound']);
      expect(response.body).not.toMatch(/secret/i);
    }
    const item = await createItem(t.app, owner.cookie, owner.projectId);
    const update = await call(t.app, 'PUT', `${I}/demos/${item.id}`, {
      cookie: owner.cookie,
      body: { projectId: owner.projectId, item: { parentContextItemId: foreign } },
    });
    expect([update.statusCode, update.json().result]).toEqual([404, 'NotFound']);
    expect(await contextRows()).toBe(before);
  });

  it('another team’s ids are NotFound on every route, and nothing changes', async () => {
    const secret = await add({ title: 'Secret context' });
    const item = await createItem(t.app, owner.cookie, owner.projectId, {
      item: { description: 'Secret item', parentContextItemId: secret },
    });
    const own = await add({ title: 'Stranger’s own' }, stranger.cookie);
    const before = await contextRows();
    const attempts: [string, string, unknown?][] = [
      ['GET', `${C}/${secret}`],
      ['PUT', `${C}/${secret}`, { title: 'Mine now', body: '' }],
      ['PUT', `${C}/${own}`, { title: 'Under theirs', body: '', parentContextItemId: secret }],
      ['DELETE', `${C}/${secret}`],
      ['POST', C, { title: 'Under theirs', body: '', parentContextItemId: secret }],
      ['GET', `${I}/${item.id}/parent-contexts`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(t.app, method as 'GET', url, { cookie: stranger.cookie, body });
      expect([method, url, response.statusCode, response.json().result]).toEqual([method, url, 404, 'NotFound']);
      expect(response.body).not.toMatch(/Secret/);
    }
    const list = await call(t.app, 'GET', C, { cookie: stranger.cookie });
    expect(list.json().data.contextItems.map((context: { title: string }) => context.title)).toEqual([
      'Stranger’s own',
      'Stranger’s secret',
    ]);
    expect(await contextRows()).toBe(before);
  });

  it('every route needs a session', async () => {
    const id = await add({ title: 'Private' });
    for (const [method, url] of [
      ['GET', C],
      ['GET', `${C}/${id}`],
      ['DELETE', `${C}/${id}`],
    ] as const) {
      expect((await call(t.app, method, url)).statusCode).toBe(401);
    }
  });
});
