import { eq } from 'drizzle-orm';
import { accounts, items, memberships } from '../../src/server/db/schema';
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
  type Assignment,
} from './helpers/planning';
import { seedPatterns } from './helpers/patterns';
import { quotaMessage } from '../../src/shared/quota';

// Fresh databases and big boards are slow on a busy machine.
jest.setTimeout(30_000);

const ITEMS = '/v1/teams/active/project-items';

/** A project context as the board carries it: its place, not its history. */
function withoutHistory(context: Record<string, unknown>) {
  const placement = { ...context };
  delete placement.assignmentHistory;
  return placement;
}

describe('items', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    u = await teamUser(t.app, 'ada@example.com');
    await seedPatterns(t.app, u.cookie, ['p1']);
    // Room for the many projects these tests make; the quota test goes back to the free plan.
    await setPlan('business');
  });
  afterAll(() => t.close());

  async function setPlan(plan: string) {
    await t.app.db.update(accounts).set({ plan }).where(eq(accounts.id, 'ada@example.com'));
  }

  /** The whole item, as the panel reads it (the board carries only what a card shows). */
  async function readItem(id: string) {
    const response = await call(t.app, 'GET', `${ITEMS}/all/${id}`, { cookie: u.cookie });
    expect(response.statusCode).toBe(200);
    return response.json().data as Record<string, unknown>;
  }

  async function newProject(description = 'Another project') {
    const response = await call(t.app, 'POST', '/v1/teams/active/projects', {
      cookie: u.cookie,
      body: { description },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.id as string;
  }

  describe('creation', () => {
    let projectId: string;
    beforeAll(async () => {
      projectId = await newProject('Creation');
    });

    it('creates each kind with the next externalId, a short opaque linkId and its requested assignment', async () => {
      const demo = await createItem(t.app, u.cookie, projectId, { kind: 'demos', project: onDay(20_416) });
      const implementation = await createItem(t.app, u.cookie, projectId, {
        kind: 'implementations',
        project: inWeek(2_916),
      });
      const gtm = await createItem(t.app, u.cookie, projectId, { kind: 'gtm', project: unscheduled(0) });
      const numbers = [demo, implementation, gtm].map((item) => Number(item.externalId.split('-')[1]));
      expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
      for (const item of [demo, implementation, gtm]) {
        expect(item.externalId).toMatch(/^ADA-\d+$/);
        expect(item.linkId).toMatch(/^[0-9A-Za-z]{10}$/);
        expect(item.projectPlanContext.projectId).toBe(projectId);
      }
      expect(demo.projectPlanContext).toMatchObject({
        scope: 0,
        assignedTimeframe: { span: 0, index: 20_416 },
        sortKey: 0,
      });
      expect(implementation.projectPlanContext.assignedTimeframe).toEqual({ span: 1, index: 2_916 });
      expect(gtm.projectPlanContext).toMatchObject({ scope: 0, assignedTimeframe: null, assignedToUserId: null });

      const board = await queryBoard(t.app, u.cookie, projectId);
      expect(board.map((item) => [item.id, item.itemType])).toEqual([
        [demo.id, 1],
        [implementation.id, 2],
        [gtm.id, 3],
      ]);
      for (const item of board) expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['goals']));
      const [demoItem, implementationItem, gtmItem] = await Promise.all(board.map((item) => readItem(item.id)));
      expect(demoItem).toMatchObject({
        implementationIds: [],
        teamId: u.teamId,
        dateCreated: '2026-11-22T09:00:00.000Z',
      });
      expect(demoItem).not.toHaveProperty('newTestScenarios');
      expect(implementationItem).toMatchObject({
        projectPatternIds: [],
        localPatternData: { patterns: [], patternConnections: [] },
        newTestScenarios: [],
      });
      expect(implementationItem).not.toHaveProperty('implementationIds');
      expect(Object.keys(gtmItem!)).not.toEqual(expect.arrayContaining(['implementationIds']));
    });

    it('starts out-of-scope and unscheduled, then moves to the requested assignment, both in the history', async () => {
      const created = await createItem(t.app, u.cookie, projectId, {
        project: { ...onDay(20_420), assignedToUserId: u.userId },
      });
      expect(created.projectPlanContext.assignmentHistory).toEqual([
        {
          dateUpdated: '2026-11-22T09:00:00.000Z',
          assignment: { scope: 1, assignedTimeframe: null, assignedToUserId: null },
        },
        {
          dateUpdated: '2026-11-22T09:00:00.000Z',
          assignment: { scope: 0, assignedTimeframe: { span: 0, index: 20_420 }, assignedToUserId: u.userId },
        },
      ]);
      const plain = await createItem(t.app, u.cookie, projectId, { project: unscheduled(1) });
      expect(plain.projectPlanContext.assignmentHistory).toHaveLength(1);
    });

    it('appends to the end of the bucket unless an orderUpdate places it', async () => {
      const bucket = onDay(20_430);
      const first = await createItem(t.app, u.cookie, projectId, { project: bucket });
      const second = await createItem(t.app, u.cookie, projectId, { project: bucket });
      const between = await createItem(t.app, u.cookie, projectId, {
        project: { ...bucket, orderUpdate: { leftNeighborId: first.id, rightNeighborId: second.id } },
      });
      const front = await createItem(t.app, u.cookie, projectId, {
        project: { ...bucket, orderUpdate: { leftNeighborId: null, rightNeighborId: first.id } },
      });
      expect(second.projectPlanContext.sortKey).toBe(25_000);
      expect(between.projectPlanContext.sortKey).toBe(12_500);
      expect(front.projectPlanContext.sortKey).toBe(-25_000);
      const board = await queryBoard(t.app, u.cookie, projectId, {
        timeframeAssignmentFilter: bucket.assignedTimeframe,
      });
      expect(board.map((item) => item.id)).toEqual([front.id, first.id, between.id, second.id]);
    });

    it('stores every field of its kind', async () => {
      const implementation = await createItem(t.app, u.cookie, projectId, {
        kind: 'implementations',
        item: {
          description: '# Payment service\n\nDetails',
          goals: ['fast', 'safe'],
          workflowStatus: 2,
          codingAgentUrl: 'https://agent.example.com/run/1',
          pullRequestUrl: null,
          startDate: '2026-11-23',
          completionDate: '2026-11-21T10:00:00.000Z',
          projectPatternIds: ['p1'],
          localPatternData: { patterns: [{ name: 'x' }], patternConnections: [] },
          newTestScenarios: ['pays once'],
        },
      });
      const demo = await createItem(t.app, u.cookie, projectId, {
        kind: 'demos',
        item: { description: 'Demo', implementationIds: [implementation.id, implementation.id] },
      });
      expect(await readItem(implementation.id)).toMatchObject({
        description: '# Payment service\n\nDetails',
        goals: ['fast', 'safe'],
        workflowStatus: 2,
        codingAgentUrl: 'https://agent.example.com/run/1',
        pullRequestUrl: null,
        startDate: '2026-11-23',
        completionDate: '2026-11-21T10:00:00.000Z',
        projectPatternIds: ['p1'],
        localPatternData: { patterns: [{ name: 'x' }], patternConnections: [] },
        newTestScenarios: ['pays once'],
      });
      expect(await readItem(demo.id)).toMatchObject({ implementationIds: [implementation.id] });
      // The board carries the card's part: the first line of the description, no kind-specific fields.
      const board = await queryBoard(t.app, u.cookie, projectId, { itemTypeFilter: 2 });
      expect(board.find((item) => item.id === implementation.id)).toStrictEqual({
        id: implementation.id,
        linkId: implementation.linkId,
        teamId: u.teamId,
        dateCreated: expect.any(String),
        itemType: 2,
        description: '# Payment service',
        externalId: implementation.externalId,
        workflowStatus: 2,
        parentContextItemId: null,
        startDate: '2026-11-23',
        completionDate: '2026-11-21T10:00:00.000Z',
        projectContexts: [withoutHistory(implementation.projectPlanContext)],
      });
    });

    it('refuses bad input naming the field, and writes nothing', async () => {
      const gtm = await createItem(t.app, u.cookie, projectId, { kind: 'gtm' });
      const cases: [string, unknown, number, RegExp][] = [
        ['demos', { projectId, project: { scope: 2, assignedTimeframe: null }, item: {} }, 400, /body\.project\.scope/],
        [
          'demos',
          { projectId, project: { scope: 0, assignedTimeframe: { span: 3, index: 1 } }, item: {} },
          400,
          /span/,
        ],
        [
          'demos',
          { projectId, project: { scope: 0, assignedTimeframe: { span: 4, index: 0 } }, item: {} },
          400,
          /no milestone 0/,
        ],
        ['demos', { projectId, project: unscheduled(), item: { colour: 'red' } }, 400, /body\.item\.colour/],
        [
          'demos',
          { projectId, project: unscheduled(), item: { codingAgentUrl: 'javascript:alert(1)' } },
          400,
          /codingAgentUrl/,
        ],
        ['demos', { project: unscheduled(), item: {} }, 400, /body\.projectId/],
        ['gtm', { projectId, project: unscheduled(), item: { implementationIds: [] } }, 400, /implementationIds/],
        [
          'demos',
          { projectId, project: unscheduled(), item: { implementationIds: [gtm.id] } },
          400,
          /not an implementation/,
        ],
        ['demos', { projectId, project: unscheduled(), item: { implementationIds: ['nope'] } }, 404, /not found/],
        [
          'demos',
          { projectId, project: { ...unscheduled(), assignedToUserId: 'someone-else' }, item: {} },
          400,
          /assignedToUserId/,
        ],
        [
          'demos',
          { projectId, project: { ...onDay(20_000), orderUpdate: { leftNeighborId: gtm.id } }, item: {} },
          400,
          /not in the target bucket/,
        ],
        ['demos', { projectId: 'no-such-project', project: unscheduled(), item: {} }, 404, /Project not found/],
      ];
      const before = await planningState(t.app);
      for (const [kind, body, status, message] of cases) {
        const response = await call(t.app, 'POST', `${ITEMS}/${kind}`, { cookie: u.cookie, body });
        expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), status]);
        expect(response.json().result).toBe(status === 400 ? 'InvalidRequest' : 'NotFound');
        expect(response.json().message).toMatch(message);
      }
      expect(await planningState(t.app)).toEqual(before);
    });

    it('assigns team members only', async () => {
      const { cookie: otherCookie, userId: outsider } = await teamUser(t.app, 'outsider@example.com');
      expect(otherCookie).toBeTruthy();
      const refused = await call(t.app, 'POST', `${ITEMS}/demos`, {
        cookie: u.cookie,
        body: { projectId, project: { ...unscheduled(), assignedToUserId: outsider }, item: {} },
      });
      expect(refused.statusCode).toBe(400);
      await t.app.db.insert(memberships).values({ teamId: u.teamId, userId: outsider, role: 1 });
      const accepted = await createItem(t.app, u.cookie, projectId, {
        project: { ...unscheduled(), assignedToUserId: outsider },
      });
      expect(accepted.projectPlanContext.assignedToUserId).toBe(outsider);
    });
  });

  describe('editing', () => {
    let projectId: string;
    beforeAll(async () => {
      projectId = await newProject('Editing');
    });

    it('updates the fields given and answers the project context', async () => {
      const demo = await createItem(t.app, u.cookie, projectId, {
        project: onDay(20_500),
        item: { description: 'Old', goals: ['g'] },
      });
      const response = await call(t.app, 'PUT', `${ITEMS}/demos/${demo.id}`, {
        cookie: u.cookie,
        body: { projectId, item: { description: 'New title\nbody', workflowStatus: 1 } },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.projectPlanContext).toEqual(demo.projectPlanContext);
      expect(await readItem(demo.id)).toMatchObject({
        description: 'New title\nbody',
        workflowStatus: 1,
        goals: ['g'],
      });
      const [item] = await queryBoard(t.app, u.cookie, projectId);
      expect(item).toMatchObject({ description: 'New title', workflowStatus: 1 });
    });

    it('refuses an edit made to an older version with 409 and the item as it is now; nothing changes', async () => {
      const item = await createItem(t.app, u.cookie, projectId, {
        kind: 'implementations',
        item: { description: 'Shared' },
      });
      expect((await readItem(item.id)).version).toBe(1);
      const first = await call(t.app, 'PUT', `${ITEMS}/implementations/${item.id}`, {
        cookie: u.cookie,
        body: { projectId, item: { description: 'Ada’s text' }, version: 1 },
      });
      expect([first.statusCode, first.json().data.version]).toEqual([200, 2]);
      const before = await planningState(t.app);
      const stale = await call(t.app, 'PUT', `${ITEMS}/implementations/${item.id}`, {
        cookie: u.cookie,
        body: { projectId, item: { description: 'Grace’s text' }, version: 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        result: 'Failed',
        message: `Someone else changed ${item.externalId} while you were editing it`,
        data: { current: { id: item.id, description: 'Ada’s text', version: 2 } },
      });
      expect(await planningState(t.app)).toEqual(before);
      // Made to the current version, or with no version at all (last write wins), it is applied.
      const rebased = await call(t.app, 'PUT', `${ITEMS}/implementations/${item.id}`, {
        cookie: u.cookie,
        body: { projectId, item: { description: 'Grace’s text' }, version: 2 },
      });
      expect(rebased.json().data.version).toBe(3);
      const done = await call(t.app, 'PUT', `${ITEMS}/all/${item.id}/complete`, {
        cookie: u.cookie,
        body: { markComplete: true },
      });
      expect(done.json().data.version).toBe(4);
      expect(await readItem(item.id)).toMatchObject({ description: 'Grace’s text', version: 4 });
    });

    it('of two edits to the same version made at once, exactly one is applied', async () => {
      const item = await createItem(t.app, u.cookie, projectId, {
        kind: 'implementations',
        item: { description: 'Race' },
      });
      const edits = ['One', 'Two', 'Three'].map((description) =>
        call(t.app, 'PUT', `${ITEMS}/implementations/${item.id}`, {
          cookie: u.cookie,
          body: { projectId, item: { description }, version: 1 },
        }),
      );
      const statuses = (await Promise.all(edits)).map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      expect((await readItem(item.id)).version).toBe(2);
    });

    it('refuses another kind, an unknown item, a project the item is not in, and kind fields of another kind', async () => {
      const demo = await createItem(t.app, u.cookie, projectId, { kind: 'demos' });
      const other = await newProject('Elsewhere');
      const before = await planningState(t.app);
      const cases: [string, unknown, number][] = [
        [`${ITEMS}/implementations/${demo.id}`, { projectId, item: { description: 'x' } }, 400],
        [`${ITEMS}/demos/no-such-item`, { projectId, item: { description: 'x' } }, 404],
        [`${ITEMS}/demos/${demo.id}`, { projectId: other, item: { description: 'x' } }, 404],
        [`${ITEMS}/demos/${demo.id}`, { projectId, item: { newTestScenarios: [] } }, 400],
        [`${ITEMS}/demos/${demo.id}`, { projectId, item: { startDate: 'tomorrow' } }, 400],
      ];
      for (const [url, body, status] of cases) {
        const response = await call(t.app, 'PUT', url, { cookie: u.cookie, body });
        expect([url, response.statusCode]).toEqual([url, status]);
      }
      expect(await planningState(t.app)).toEqual(before);
    });

    it('completes and reopens: completionDate now, then null', async () => {
      const item = await createItem(t.app, u.cookie, projectId, { kind: 'gtm' });
      t.clock.advance(60_000);
      const done = await call(t.app, 'PUT', `${ITEMS}/all/${item.id}/complete`, {
        cookie: u.cookie,
        body: { markComplete: true },
      });
      expect(done.json()).toEqual({
        result: 'Ok',
        data: { id: item.id, completionDate: t.clock.now().toISOString(), version: 2 },
      });
      t.clock.advance(60_000);
      const again = await call(t.app, 'PUT', `${ITEMS}/all/${item.id}/complete`, {
        cookie: u.cookie,
        body: { markComplete: true },
      });
      expect(again.json().data.completionDate).toBe(done.json().data.completionDate);
      const reopened = await call(t.app, 'PUT', `${ITEMS}/all/${item.id}/complete`, {
        cookie: u.cookie,
        body: { markComplete: false },
      });
      expect(reopened.json().data.completionDate).toBeNull();
      const bad = await call(t.app, 'PUT', `${ITEMS}/all/${item.id}/complete`, { cookie: u.cookie, body: {} });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/markComplete/);
    });

    it('deletes an item with its history; its externalId is never handed out again', async () => {
      const item = await createItem(t.app, u.cookie, projectId, { project: onDay(20_600) });
      const response = await call(t.app, 'DELETE', `${ITEMS}/all/${item.id}`, {
        cookie: u.cookie,
        body: { projectId, project: item.projectPlanContext, item: { id: item.id } },
      });
      expect(response.json()).toEqual({ result: 'Ok' });
      expect(await t.app.db.select().from(items).where(eq(items.id, item.id))).toEqual([]);
      expect(await historyRows(t.app, projectId, item.id)).toEqual([]);
      const next = await createItem(t.app, u.cookie, projectId);
      expect(Number(next.externalId.split('-')[1])).toBe(Number(item.externalId.split('-')[1]) + 1);
      const again = await call(t.app, 'DELETE', `${ITEMS}/all/${item.id}`, { cookie: u.cookie, body: { projectId } });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('bulk creation', () => {
    let projectId: string;
    beforeAll(async () => {
      projectId = await newProject('Bulk');
    });

    it('creates items of every kind in order, appended to their buckets', async () => {
      const response = await call(t.app, 'POST', `${ITEMS}/all/bulk-create`, {
        cookie: u.cookie,
        body: {
          projectId,
          items: [
            { itemType: 1, item: { description: 'Demo one' }, project: onDay(20_700) },
            { itemType: 2, item: { description: 'Impl', newTestScenarios: ['s'] }, project: onDay(20_700) },
            { itemType: 3, item: { description: 'Launch post' }, project: unscheduled(0) },
            { itemType: 1, item: { description: 'Demo two' }, project: onDay(20_700) },
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      const created = response.json().data.items as {
        id: string;
        externalId: string;
        projectPlanContext: { sortKey: number };
      }[];
      expect(created).toHaveLength(4);
      const numbers = created.map((item) => Number(item.externalId.split('-')[1]));
      expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2, numbers[0]! + 3]);
      const board = await queryBoard(t.app, u.cookie, projectId);
      expect(board.map((item) => item.description)).toEqual(['Demo one', 'Impl', 'Demo two', 'Launch post']);
      expect(board.map((item) => item.itemType)).toEqual([1, 2, 1, 3]);
    });

    it('is all or nothing: one bad item and nothing is written, the error names it', async () => {
      const before = await planningState(t.app);
      const bad = async (entry: unknown, message: RegExp) => {
        const response = await call(t.app, 'POST', `${ITEMS}/all/bulk-create`, {
          cookie: u.cookie,
          body: {
            projectId,
            items: [{ itemType: 1, item: { description: 'fine' }, project: unscheduled() }, entry],
          },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(message);
      };
      await bad(
        { itemType: 3, item: { newTestScenarios: ['x'] }, project: unscheduled() },
        /body\.items\.1\.item\.newTestScenarios/,
      );
      await bad(
        { itemType: 1, item: {}, project: { scope: 0, assignedTimeframe: { span: 4, index: 7 } } },
        /body\.items\.1\.project/,
      );
      await bad({ itemType: 0, item: {}, project: unscheduled() }, /body\.items\.1\.itemType/);
      const empty = await call(t.app, 'POST', `${ITEMS}/all/bulk-create`, {
        cookie: u.cookie,
        body: { projectId, items: [] },
      });
      expect(empty.statusCode).toBe(400);
      expect(await planningState(t.app)).toEqual(before);
    });
  });

  describe('splitting', () => {
    it('keeps the first description and puts new items of the same kind right after, in order', async () => {
      const projectId = await newProject('Split');
      const bucket: Assignment = { ...inWeek(2_920), assignedToUserId: u.userId };
      const before = await createItem(t.app, u.cookie, projectId, { kind: 'implementations', project: bucket });
      const original = await createItem(t.app, u.cookie, projectId, {
        kind: 'implementations',
        project: bucket,
        item: { description: 'Big item', goals: ['kept'] },
      });
      const after = await createItem(t.app, u.cookie, projectId, { kind: 'implementations', project: bucket });
      const response = await call(t.app, 'POST', `${ITEMS}/all/${original.id}/split`, {
        cookie: u.cookie,
        body: { projectId, descriptions: ['Part one', 'Part two', 'Part three'] },
      });
      expect(response.statusCode).toBe(200);
      const answer = response.json().data.items as {
        id: string;
        externalId: string;
        projectPlanContext: { assignedToUserId: string };
      }[];
      expect(answer.map((item) => item.id)[0]).toBe(original.id);
      expect(answer).toHaveLength(3);
      expect(answer.every((item) => item.projectPlanContext.assignedToUserId === u.userId)).toBe(true);
      const board = await queryBoard(t.app, u.cookie, projectId);
      expect(board.map((item) => item.description)).toEqual([
        'An item',
        'Part one',
        'Part two',
        'Part three',
        'An item',
      ]);
      expect(board.map((item) => item.id)).toEqual([before.id, original.id, answer[1]!.id, answer[2]!.id, after.id]);
      expect(board.every((item) => item.itemType === 2)).toBe(true);
      expect((await readItem(board[1]!.id)).goals).toEqual(['kept']);
      expect(await historyOf(t.app, u.cookie, projectId, board[2]!.id)).toHaveLength(2);

      const tooFew = await call(t.app, 'POST', `${ITEMS}/all/${original.id}/split`, {
        cookie: u.cookie,
        body: { projectId, descriptions: ['only one'] },
      });
      expect(tooFew.statusCode).toBe(400);
      expect(tooFew.json().message).toMatch(/descriptions/);
    });
  });

  describe('the project-items quota (free plan: 200 per project)', () => {
    it('is enforced in the creating transaction for single, bulk and split creation', async () => {
      const projectId = await newProject('Full');
      const other = await newProject('Empty');
      await setPlan('free');
      const filler = Array.from({ length: 199 }, (_, i) => ({
        itemType: 3,
        item: { description: `Item ${i}` },
        project: unscheduled(),
      }));
      const filled = await call(t.app, 'POST', `${ITEMS}/all/bulk-create`, {
        cookie: u.cookie,
        body: { projectId, items: filler },
      });
      expect(filled.statusCode).toBe(200);
      const board = await queryBoard(t.app, u.cookie, projectId);
      expect(board).toHaveLength(199);
      const keys = board.map((item) => item.projectContexts[0]!.sortKey);
      expect(new Set(keys).size).toBe(199);
      expect([...keys].sort((a, b) => a - b)).toEqual(keys);

      const before = await planningState(t.app);
      const two = await call(t.app, 'POST', `${ITEMS}/all/bulk-create`, {
        cookie: u.cookie,
        body: { projectId, items: filler.slice(0, 2) },
      });
      expect(two.statusCode).toBe(402);
      expect(two.json()).toEqual({
        result: 'QuotaLimit',
        message: quotaMessage('project-items'),
        data: { quotaKind: 'project-items' },
      });
      const split = await call(t.app, 'POST', `${ITEMS}/all/${board[0]!.id}/split`, {
        cookie: u.cookie,
        body: { projectId, descriptions: ['a', 'b', 'c'] },
      });
      expect(split.statusCode).toBe(402);
      expect(await planningState(t.app)).toEqual(before);

      await createItem(t.app, u.cookie, projectId, { kind: 'gtm' });
      const over = await call(t.app, 'POST', `${ITEMS}/gtm`, {
        cookie: u.cookie,
        body: { projectId, project: unscheduled(), item: {} },
      });
      expect(over.statusCode).toBe(402);
      expect(over.json().data).toEqual({ quotaKind: 'project-items' });

      // Another project of the same team has its own 200.
      await createItem(t.app, u.cookie, other);
      // A bigger plan lifts the limit.
      await setPlan('team');
      await createItem(t.app, u.cookie, projectId, { kind: 'gtm' });
      await setPlan('business');
    });
  });
});
