import { eq } from 'drizzle-orm';
import { accounts, items } from '../../src/server/db/schema';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import {
  createItem,
  historyOf,
  historyRows,
  inWeek,
  onDay,
  planningState,
  queryBoard,
  teamUser,
  unscheduled,
} from './helpers/planning';
import { quotaMessage } from '../../src/shared/quota';

// Fresh databases and big boards are slow on a busy machine.
jest.setTimeout(30_000);

const PROJECTS = '/v1/teams/active/projects';

describe('projects', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    u = await teamUser(t.app, 'linus@example.com');
  });
  afterAll(() => t.close());

  const setPlan = (plan: string) => t.app.db.update(accounts).set({ plan }).where(eq(accounts.id, 'linus@example.com'));

  async function create(body: Record<string, unknown>) {
    return call(t.app, 'POST', PROJECTS, { cookie: u.cookie, body });
  }

  it('creates projects within the projects quota (free plan: 3), in the same transaction', async () => {
    const first = await create({ description: 'Website', projectDescription: 'The marketing site' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      id: expect.any(String),
      description: 'Website',
      projectDescription: 'The marketing site',
      status: 0,
      milestones: [],
      version: 1,
    });
    expect((await create({ description: 'Mobile' })).json().data.projectDescription).toBe('');
    const before = await planningState(t.app);
    const third = await create({ description: 'One too many' });
    expect(third.statusCode).toBe(402);
    expect(third.json()).toEqual({
      result: 'QuotaLimit',
      message: quotaMessage('projects'),
      data: { quotaKind: 'projects' },
    });
    expect(await planningState(t.app)).toEqual(before);

    const context = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie: u.cookie });
    expect(context.json().data.availableProjects.map((p: { description: string }) => p.description)).toEqual([
      'First project',
      'Website',
      'Mobile',
    ]);
    await setPlan('business');
  });

  it('refuses bad project input naming the field', async () => {
    const before = await planningState(t.app);
    for (const [body, message] of [
      [{}, /body\.description/],
      [{ description: '' }, /body\.description/],
      [{ description: '   ' }, /blank/],
      [{ description: 'x', extra: 1 }, /body\.extra/],
    ] as const) {
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await planningState(t.app)).toEqual(before);
  });

  it('reads and updates a project: description, status and milestones (kept in index order)', async () => {
    const id = (await create({ description: 'Settings' })).json().data.id;
    const get = await call(t.app, 'GET', `${PROJECTS}/${id}`, { cookie: u.cookie });
    expect(get.json().data).toMatchObject({ id, description: 'Settings', status: 0 });
    const put = await call(t.app, 'PUT', `${PROJECTS}/${id}`, {
      cookie: u.cookie,
      body: {
        description: 'Settings v2',
        projectDescription: 'More',
        status: 1,
        milestones: [
          { index: 1, name: 'Launch', targetDate: '2027-01-15' },
          { index: 0, name: 'Beta', targetDate: '2026-12-04' },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({
      id,
      description: 'Settings v2',
      projectDescription: 'More',
      status: 1,
      milestones: [
        { index: 0, name: 'Beta', targetDate: '2026-12-04' },
        { index: 1, name: 'Launch', targetDate: '2027-01-15' },
      ],
      version: 2,
    });
    const partial = await call(t.app, 'PUT', `${PROJECTS}/${id}`, { cookie: u.cookie, body: { status: 2 } });
    expect(partial.json().data).toMatchObject({ description: 'Settings v2', status: 2, version: 3 });

    // An edit made to an older version is refused with the project as it is now, and changes nothing.
    const beforeStale = await planningState(t.app);
    const stale = await call(t.app, 'PUT', `${PROJECTS}/${id}`, {
      cookie: u.cookie,
      body: { description: 'Grace’s name', status: 0, version: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      result: 'Failed',
      message: 'Someone else changed the project “Settings v2” while you were editing it',
      data: { current: { ...partial.json().data } },
    });
    expect(await planningState(t.app)).toEqual(beforeStale);
    const current = await call(t.app, 'PUT', `${PROJECTS}/${id}`, {
      cookie: u.cookie,
      body: { status: 1, version: 3 },
    });
    expect(current.json().data).toMatchObject({ description: 'Settings v2', status: 1, version: 4 });

    const before = await planningState(t.app);
    for (const [body, message] of [
      [{ status: 3 }, /body\.status/],
      [{ description: ' ' }, /blank/],
      [
        {
          milestones: [
            { index: 0, name: 'A', targetDate: '2027-01-01' },
            { index: 0, name: 'B', targetDate: '2027-02-01' },
          ],
        },
        /twice/,
      ],
      [
        {
          milestones: [
            { index: 0, name: 'A', targetDate: '2027-02-01' },
            { index: 1, name: 'B', targetDate: '2027-01-01' },
          ],
        },
        /before/,
      ],
      [{ milestones: [{ index: 0, name: 'A', targetDate: 'soon' }] }, /targetDate/],
      [{ milestones: [{ index: 0, name: '', targetDate: '2027-01-01' }] }, /name/],
    ] as const) {
      const response = await call(t.app, 'PUT', `${PROJECTS}/${id}`, { cookie: u.cookie, body });
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(response.json().message).toMatch(message);
    }
    expect(await planningState(t.app)).toEqual(before);
    expect((await call(t.app, 'GET', `${PROJECTS}/nope`, { cookie: u.cookie })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `${PROJECTS}/nope`, { cookie: u.cookie, body: { status: 1 } })).statusCode).toBe(
      404,
    );
  });

  it('unschedules the items of a removed milestone, appended in order with a history entry', async () => {
    const id = (await create({ description: 'Milestones' })).json().data.id;
    const milestones = [
      { index: 0, name: 'Beta', targetDate: '2026-12-04' },
      { index: 1, name: 'Launch', targetDate: '2027-01-15' },
    ];
    await call(t.app, 'PUT', `${PROJECTS}/${id}`, { cookie: u.cookie, body: { milestones } });
    const existing = await createItem(t.app, u.cookie, id, { project: unscheduled(0) });
    const a = await createItem(t.app, u.cookie, id, {
      project: { scope: 0, assignedTimeframe: { span: 4, index: 1 } },
    });
    const b = await createItem(t.app, u.cookie, id, {
      project: { scope: 0, assignedTimeframe: { span: 4, index: 1 } },
    });
    const kept = await createItem(t.app, u.cookie, id, {
      project: { scope: 0, assignedTimeframe: { span: 4, index: 0 } },
    });
    t.clock.advance(1000);
    const response = await call(t.app, 'PUT', `${PROJECTS}/${id}`, {
      cookie: u.cookie,
      body: { milestones: [milestones[0]] },
    });
    expect(response.statusCode).toBe(200);
    const unscheduledItems = await queryBoard(t.app, u.cookie, id, { timeframeAssignmentFilter: null, scopeFilter: 0 });
    expect(unscheduledItems.map((item) => item.id)).toEqual([existing.id, a.id, b.id]);
    const keys = unscheduledItems.map((item) => item.projectContexts[0]!.sortKey);
    expect(keys).toEqual([...keys].sort((x, y) => x - y));
    const history = await historyRows(t.app, id, a.id);
    expect(history.at(-1)).toMatchObject({
      scope: 0,
      timeframeSpan: null,
      timeframeIndex: null,
      dateUpdated: t.clock.now(),
    });
    const [stillThere] = await queryBoard(t.app, u.cookie, id, { timeframeAssignmentFilter: { span: 4, index: 0 } });
    expect(stillThere!.id).toBe(kept.id);
  });

  it('sets the active project', async () => {
    const id = (await create({ description: 'Active' })).json().data.id;
    const response = await call(t.app, 'PUT', `${PROJECTS}/active`, {
      cookie: u.cookie,
      body: { newActiveProjectId: id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.newActiveProject).toMatchObject({ id, description: 'Active' });
    const context = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie: u.cookie });
    expect(context.json().data.userContext.activeProjectId).toBe(id);
    const unknown = await call(t.app, 'PUT', `${PROJECTS}/active`, {
      cookie: u.cookie,
      body: { newActiveProjectId: 'nope' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  describe('deletion', () => {
    it('without a transfer deletes the items that live only in that project', async () => {
      const doomed = (await create({ description: 'Doomed' })).json().data.id;
      const survivor = (await create({ description: 'Survivor' })).json().data.id;
      const a = await createItem(t.app, u.cookie, doomed, { project: onDay(20_500) });
      await createItem(t.app, u.cookie, doomed);
      const safe = await createItem(t.app, u.cookie, survivor);
      await call(t.app, 'PUT', `${PROJECTS}/active`, { cookie: u.cookie, body: { newActiveProjectId: doomed } });
      const response = await call(t.app, 'DELETE', `${PROJECTS}/${doomed}`, { cookie: u.cookie, body: {} });
      expect(response.json()).toEqual({
        result: 'Ok',
        data: { projectId: doomed, transferredItemCount: 0, deletedItemCount: 2 },
      });
      expect(await t.app.db.select().from(items).where(eq(items.id, a.id))).toEqual([]);
      expect(await historyRows(t.app, doomed, a.id)).toEqual([]);
      expect((await queryBoard(t.app, u.cookie, survivor)).map((item) => item.id)).toEqual([safe.id]);
      expect((await call(t.app, 'GET', `${PROJECTS}/${doomed}`, { cookie: u.cookie })).statusCode).toBe(404);
      const context = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie: u.cookie });
      expect(context.json().data.userContext.activeProjectId).not.toBe(doomed);
    });

    it('with a transfer moves the items out-of-scope and unscheduled to the end of the target, in board order', async () => {
      const source = (await create({ description: 'Source' })).json().data.id;
      const target = (await create({ description: 'Target' })).json().data.id;
      const already = await createItem(t.app, u.cookie, target, { project: unscheduled(1) });
      const inTarget = await createItem(t.app, u.cookie, target, { project: onDay(20_400) });
      const unscheduledOut = await createItem(t.app, u.cookie, source, {
        project: unscheduled(1),
        item: { description: 'last' },
      });
      const week = await createItem(t.app, u.cookie, source, {
        project: { ...inWeek(2_920), assignedToUserId: u.userId },
      });
      const day = await createItem(t.app, u.cookie, source, { project: onDay(20_401) });
      await call(t.app, 'PUT', `${PROJECTS}/active`, { cookie: u.cookie, body: { newActiveProjectId: source } });
      t.clock.advance(5000);

      const response = await call(t.app, 'DELETE', `${PROJECTS}/${source}`, {
        cookie: u.cookie,
        body: { transferItemsToProjectId: target },
      });
      expect(response.json()).toEqual({
        result: 'Ok',
        data: { projectId: source, transferredItemCount: 3, deletedItemCount: 0 },
      });
      const board = await queryBoard(t.app, u.cookie, target);
      expect(board.map((item) => item.id)).toEqual([inTarget.id, already.id, day.id, week.id, unscheduledOut.id]);
      const moved = board.find((item) => item.id === week.id)!;
      expect(moved.projectContexts).toHaveLength(1);
      expect(moved.projectContexts[0]).toMatchObject({
        projectId: target,
        scope: 1,
        assignedTimeframe: null,
        assignedToUserId: u.userId,
      });
      expect(await historyOf(t.app, u.cookie, target, moved.id)).toEqual([
        {
          dateUpdated: t.clock.now().toISOString(),
          assignment: { scope: 1, assignedTimeframe: null, assignedToUserId: u.userId },
        },
      ]);
      const context = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie: u.cookie });
      expect(context.json().data.userContext.activeProjectId).toBe(target);
    });

    it('refuses a transfer to itself or to an unknown project, and a transfer over the target quota; nothing changes', async () => {
      const source = (await create({ description: 'Stays' })).json().data.id;
      await createItem(t.app, u.cookie, source);
      await createItem(t.app, u.cookie, source);
      const full = (await create({ description: 'Nearly full' })).json().data.id;
      const filler = Array.from({ length: 199 }, () => ({ itemType: 3, item: {}, project: unscheduled() }));
      await call(t.app, 'POST', '/v1/teams/active/project-items/all/bulk-create', {
        cookie: u.cookie,
        body: { projectId: full, items: filler },
      });
      await setPlan('free');
      const before = await planningState(t.app);
      const cases: [unknown, number][] = [
        [{ transferItemsToProjectId: source }, 400],
        [{ transferItemsToProjectId: 'nope' }, 404],
        [{ transferItemsToProjectId: full }, 402],
        [{ transferItemsToProjectId: { id: source } }, 400],
        [{ transferTo: source }, 400],
      ];
      for (const [body, status] of cases) {
        const response = await call(t.app, 'DELETE', `${PROJECTS}/${source}`, { cookie: u.cookie, body });
        expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), status]);
      }
      expect(await planningState(t.app)).toEqual(before);
      await setPlan('business');
      expect((await call(t.app, 'DELETE', `${PROJECTS}/nope`, { cookie: u.cookie, body: {} })).statusCode).toBe(404);
    });
  });
});
