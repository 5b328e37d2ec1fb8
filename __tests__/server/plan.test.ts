import { eq } from 'drizzle-orm';
import { accounts, assignmentHistory } from '../../src/server/db/schema';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import {
  createItem,
  historyOf,
  historyRows,
  inWeek,
  move,
  onDay,
  planningState,
  queryBoard,
  teamUser,
  unscheduled,
  type Assignment,
} from './helpers/planning';
import { rebalancedSortKeys } from '../../src/shared/sortKeys';
import { dayIndexOfIsoDate, weekIndexOfDay } from '../../src/shared/timeframes';

// Fresh databases and big boards are slow on a busy machine.
jest.setTimeout(30_000);

const PROJECTS = '/v1/teams/active/projects';

describe('the plan: moves, order, history, query and search', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    u = await teamUser(t.app, 'grace@example.com');
    await t.app.db.update(accounts).set({ plan: 'business' }).where(eq(accounts.id, 'grace@example.com'));
  });
  afterAll(() => t.close());

  async function newProject(body: Record<string, unknown> = {}) {
    const created = await call(t.app, 'POST', PROJECTS, { cookie: u.cookie, body: { description: 'Plan' } });
    const id = created.json().data.id as string;
    if (Object.keys(body).length > 0) {
      const updated = await call(t.app, 'PUT', `${PROJECTS}/${id}`, { cookie: u.cookie, body });
      expect(updated.statusCode).toBe(200);
    }
    return id;
  }

  async function bucketOrder(projectId: string, timeframe: unknown, scope?: number) {
    const board = await queryBoard(t.app, u.cookie, projectId, {
      timeframeAssignmentFilter: timeframe,
      ...(scope === undefined ? {} : { scopeFilter: scope }),
    });
    return board.map((item) => item.id);
  }

  describe("one item's context", () => {
    it('answers the context with its whole history, oldest first; the board leaves the history out', async () => {
      const projectId = await newProject();
      const item = await createItem(t.app, u.cookie, projectId, { project: onDay(20_416) });
      const moved = await move(t.app, u.cookie, projectId, item.id, {
        newAssignment: { scope: 0, assignedTimeframe: { span: 1, index: 2_917 }, assignedToUserId: u.userId },
      });
      const response = await call(t.app, 'GET', `${PROJECTS}/${projectId}/all/${item.id}/project-context`, {
        cookie: u.cookie,
      });
      expect(response.statusCode).toBe(200);
      const context = response.json().data.projectPlanContext;
      expect(context).toEqual(moved.json().data.projectPlanContext);
      expect(context.assignmentHistory.map((entry: { assignment: unknown }) => entry.assignment)).toEqual([
        { scope: 1, assignedTimeframe: null, assignedToUserId: null },
        { scope: 0, assignedTimeframe: { span: 0, index: 20_416 }, assignedToUserId: null },
        { scope: 0, assignedTimeframe: { span: 1, index: 2_917 }, assignedToUserId: u.userId },
      ]);
      const [onBoard] = await queryBoard(t.app, u.cookie, projectId);
      const { assignmentHistory: _history, ...placement } = context;
      expect(onBoard!.projectContexts).toEqual([placement]);
    });

    it('is NotFound for an item that is not in the project, and InvalidRequest for a malformed id', async () => {
      const projectId = await newProject();
      const elsewhere = await createItem(t.app, u.cookie, await newProject(), { project: unscheduled() });
      const notInProject = await call(t.app, 'GET', `${PROJECTS}/${projectId}/all/${elsewhere.id}/project-context`, {
        cookie: u.cookie,
      });
      expect(notInProject.statusCode).toBe(404);
      expect(notInProject.json()).toMatchObject({ result: 'NotFound' });
      const malformed = await call(t.app, 'GET', `${PROJECTS}/${projectId}/all/${'x'.repeat(65)}/project-context`, {
        cookie: u.cookie,
      });
      expect(malformed.json()).toMatchObject({ result: 'InvalidRequest' });
    });
  });

  describe('moves', () => {
    it('moves to a later bucket at its end and to an earlier bucket at its start, with a history entry each', async () => {
      const projectId = await newProject();
      const week = await createItem(t.app, u.cookie, projectId, { project: inWeek(2_917) });
      const day = await createItem(t.app, u.cookie, projectId, { project: onDay(20_416) });
      const other = await createItem(t.app, u.cookie, projectId, { project: onDay(20_416) });
      t.clock.advance(1000);

      // Day → week is later on the board: the item goes to the end of the week.
      const later = await move(t.app, u.cookie, projectId, day.id, {
        newAssignment: { scope: 0, assignedTimeframe: { span: 1, index: 2_917 } },
      });
      expect(later.statusCode).toBe(200);
      const answer = later.json().data;
      expect(answer).toMatchObject({ id: day.id, linkId: day.linkId, externalId: day.externalId });
      expect(answer).not.toHaveProperty('rebalancedSortKeys');
      expect(answer.projectPlanContext).toMatchObject({
        scope: 0,
        assignedTimeframe: { span: 1, index: 2_917 },
        sortKey: 25_000,
      });
      expect(answer.projectPlanContext.assignmentHistory).toHaveLength(3);
      expect(answer.projectPlanContext.assignmentHistory[2]).toEqual({
        dateUpdated: t.clock.now().toISOString(),
        assignment: { scope: 0, assignedTimeframe: { span: 1, index: 2_917 }, assignedToUserId: null },
      });
      expect(await bucketOrder(projectId, { span: 1, index: 2_917 }, 0)).toEqual(
        expect.arrayContaining([week.id, day.id]),
      );

      // Week → day is earlier: the item goes to the start of the day.
      const earlier = await move(t.app, u.cookie, projectId, week.id, {
        newAssignment: { scope: 0, assignedTimeframe: { span: 0, index: 20_416 } },
      });
      expect(earlier.json().data.projectPlanContext.sortKey).toBe(-12_500);
      expect(await bucketOrder(projectId, { span: 0, index: 20_416 })).toEqual([week.id, other.id]);

      // The hint overrides the default placement.
      const hinted = await move(t.app, u.cookie, projectId, day.id, {
        newAssignment: { scope: 0, assignedTimeframe: { span: 0, index: 20_416 } },
        planBucketUpdateHint: 'end',
      });
      expect(hinted.statusCode).toBe(200);
      expect(await bucketOrder(projectId, { span: 0, index: 20_416 })).toEqual([week.id, other.id, day.id]);
    });

    it('reorders within a bucket between the named neighbours, without a history entry', async () => {
      const projectId = await newProject();
      const [a, b, c] = [
        await createItem(t.app, u.cookie, projectId, { project: onDay(20_500) }),
        await createItem(t.app, u.cookie, projectId, { project: onDay(20_500) }),
        await createItem(t.app, u.cookie, projectId, { project: onDay(20_500) }),
      ];
      const historyBefore = await historyRows(t.app, projectId, c.id);
      const response = await move(t.app, u.cookie, projectId, c.id, {
        orderUpdate: { leftNeighborId: a.id, rightNeighborId: b.id },
      });
      expect(response.statusCode).toBe(200);
      const sortKey = response.json().data.projectPlanContext.sortKey;
      expect(sortKey).toBeGreaterThan(a.projectPlanContext.sortKey);
      expect(sortKey).toBeLessThan(b.projectPlanContext.sortKey);
      expect(sortKey).toBe(Math.round(((a.projectPlanContext.sortKey + b.projectPlanContext.sortKey) / 2) * 1e4) / 1e4);
      expect(await historyRows(t.app, projectId, c.id)).toEqual(historyBefore);
      expect(await bucketOrder(projectId, { span: 0, index: 20_500 })).toEqual([a.id, c.id, b.id]);

      // To the front with only a right neighbour; to the end with only a left one.
      await move(t.app, u.cookie, projectId, b.id, { orderUpdate: { leftNeighborId: null, rightNeighborId: a.id } });
      expect(await bucketOrder(projectId, { span: 0, index: 20_500 })).toEqual([b.id, a.id, c.id]);
      await move(t.app, u.cookie, projectId, b.id, { orderUpdate: { leftNeighborId: c.id } });
      expect(await bucketOrder(projectId, { span: 0, index: 20_500 })).toEqual([a.id, c.id, b.id]);
    });

    it('moves and places in one request; a stale right neighbour does not break the order', async () => {
      const projectId = await newProject();
      const a = await createItem(t.app, u.cookie, projectId, { project: inWeek(2_930) });
      const b = await createItem(t.app, u.cookie, projectId, { project: inWeek(2_930) });
      const c = await createItem(t.app, u.cookie, projectId, { project: inWeek(2_930) });
      const x = await createItem(t.app, u.cookie, projectId, { project: unscheduled() });
      // The client believes a and c are adjacent; b sits between them on the server.
      const response = await move(t.app, u.cookie, projectId, x.id, {
        newAssignment: { scope: 0, assignedTimeframe: { span: 1, index: 2_930 } },
        orderUpdate: { leftNeighborId: a.id, rightNeighborId: c.id },
      });
      expect(response.statusCode).toBe(200);
      expect(await bucketOrder(projectId, { span: 1, index: 2_930 })).toEqual([a.id, x.id, b.id, c.id]);
      expect(response.json().data.projectPlanContext.assignmentHistory).toHaveLength(2);
    });

    it('an assignee change is an assignment change (history), and keeps the place', async () => {
      const projectId = await newProject();
      const item = await createItem(t.app, u.cookie, projectId, { project: onDay(20_600) });
      const response = await move(t.app, u.cookie, projectId, item.id, {
        newAssignment: { scope: 0, assignedTimeframe: { span: 0, index: 20_600 }, assignedToUserId: u.userId },
      });
      expect(response.json().data.projectPlanContext).toMatchObject({
        sortKey: item.projectPlanContext.sortKey,
        assignedToUserId: u.userId,
      });
      expect(await historyRows(t.app, projectId, item.id)).toHaveLength(3);
      // Leaving assignedToUserId out keeps the assignee; null unassigns.
      await move(t.app, u.cookie, projectId, item.id, { newAssignment: { scope: 1, assignedTimeframe: null } });
      const [row] = await queryBoard(t.app, u.cookie, projectId);
      expect(row!.projectContexts[0]).toMatchObject({ scope: 1, assignedToUserId: u.userId });
      await move(t.app, u.cookie, projectId, item.id, {
        newAssignment: { scope: 1, assignedTimeframe: null, assignedToUserId: null },
      });
      const history = await historyRows(t.app, projectId, item.id);
      expect(history.map((entry) => entry.assignedToUserId)).toEqual([null, null, u.userId, u.userId, null]);
      // Nothing to change: no entry.
      await move(t.app, u.cookie, projectId, item.id, { newAssignment: { scope: 1, assignedTimeframe: null } });
      expect(await historyRows(t.app, projectId, item.id)).toHaveLength(5);
    });

    it('refuses unknown spans, scopes and milestones, and neighbours outside the target bucket; nothing changes', async () => {
      const projectId = await newProject({ milestones: [{ index: 0, name: 'Beta', targetDate: '2026-12-18' }] });
      const item = await createItem(t.app, u.cookie, projectId, { project: onDay(20_700) });
      const elsewhere = await createItem(t.app, u.cookie, projectId, { project: onDay(20_701) });
      const sameDay = await createItem(t.app, u.cookie, projectId, { project: onDay(20_700) });
      const before = await planningState(t.app);
      const cases: [unknown, RegExp][] = [
        [
          { newAssignment: { scope: 0, assignedTimeframe: { span: 2, index: 1 } } },
          /body\.newAssignment\.assignedTimeframe\.span/,
        ],
        [{ newAssignment: { scope: 5, assignedTimeframe: null } }, /body\.newAssignment\.scope/],
        [{ newAssignment: { scope: 0, assignedTimeframe: { span: 4, index: 3 } } }, /no milestone 3/],
        [{ newAssignment: { scope: 0, assignedTimeframe: { span: 0, index: 1.5 } } }, /index/],
        [{ orderUpdate: { leftNeighborId: elsewhere.id } }, /leftNeighborId is not in the target bucket/],
        [
          { orderUpdate: { leftNeighborId: sameDay.id, rightNeighborId: 'nope' } },
          /rightNeighborId is not in the target bucket/,
        ],
        [{ orderUpdate: { rightNeighborId: item.id } }, /being moved/],
        [{ orderUpdate: { leftNeighborId: item.id, rightNeighborId: elsewhere.id } }, /leftNeighborId is the item/],
        // The left neighbour is checked first, whatever is wrong with the right one.
        [
          { orderUpdate: { leftNeighborId: elsewhere.id, rightNeighborId: item.id } },
          /leftNeighborId is not in the target bucket/,
        ],
        [{ orderUpdate: { leftNeighborId: sameDay.id, rightNeighborId: item.id } }, /rightNeighborId is the item/],
        [
          {
            newAssignment: { scope: 0, assignedTimeframe: { span: 0, index: 20_701 } },
            orderUpdate: { leftNeighborId: sameDay.id },
          },
          /not in the target bucket/,
        ],
        [{ newAssignment: { scope: 0, assignedTimeframe: null, assignedToUserId: 'stranger' } }, /assignedToUserId/],
        [{ planBucketUpdateHint: 'middle' }, /planBucketUpdateHint/],
        [{ somethingElse: true }, /somethingElse/],
      ];
      for (const [body, message] of cases) {
        const response = await move(t.app, u.cookie, projectId, item.id, body);
        expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), 400]);
        expect(response.json()).toMatchObject({ result: 'InvalidRequest', message: expect.stringMatching(message) });
      }
      const milestone = await move(t.app, u.cookie, projectId, item.id, {
        newAssignment: { scope: 0, assignedTimeframe: { span: 4, index: 0 } },
      });
      expect(milestone.statusCode).toBe(200);
      expect(await planningState(t.app)).not.toEqual(before);
      const unknown = await move(t.app, u.cookie, projectId, 'no-such-item', { orderUpdate: {} });
      expect(unknown.statusCode).toBe(404);
    });

    it('50 concurrent moves into one bucket get 50 distinct keys and 50 history entries', async () => {
      const projectId = await newProject();
      const created = await call(t.app, 'POST', '/v1/teams/active/project-items/all/bulk-create', {
        cookie: u.cookie,
        body: {
          projectId,
          items: Array.from({ length: 50 }, (_, i) => ({
            itemType: 3,
            item: { description: `Task ${i}` },
            project: unscheduled(),
          })),
        },
      });
      const ids = (created.json().data.items as { id: string }[]).map((item) => item.id);
      const historyBefore = await t.app.db
        .select()
        .from(assignmentHistory)
        .where(eq(assignmentHistory.projectId, projectId));
      const target = { scope: 0, assignedTimeframe: { span: 0, index: 20_800 } };
      const responses = await Promise.all(
        ids.map((id) => move(t.app, u.cookie, projectId, id, { newAssignment: target, planBucketUpdateHint: 'end' })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(ids.map(() => 200));
      const board = await queryBoard(t.app, u.cookie, projectId, {
        timeframeAssignmentFilter: target.assignedTimeframe,
      });
      expect(board).toHaveLength(50);
      const keys = board.map((item) => item.projectContexts[0]!.sortKey);
      expect(new Set(keys).size).toBe(50);
      const historyAfter = await t.app.db
        .select()
        .from(assignmentHistory)
        .where(eq(assignmentHistory.projectId, projectId));
      expect(historyAfter.length - historyBefore.length).toBe(50);
      for (const item of board.slice(0, 5))
        expect(await historyOf(t.app, u.cookie, projectId, item.id)).toHaveLength(2);
      // Reorders racing on the same anchor still get distinct keys.
      const anchor = board[0]!.id;
      await Promise.all(
        board
          .slice(10, 30)
          .map((item) => move(t.app, u.cookie, projectId, item.id, { orderUpdate: { leftNeighborId: anchor } })),
      );
      const reordered = await queryBoard(t.app, u.cookie, projectId, {
        timeframeAssignmentFilter: target.assignedTimeframe,
      });
      expect(new Set(reordered.map((item) => item.projectContexts[0]!.sortKey)).size).toBe(50);
      expect(reordered[0]!.id).toBe(anchor);
    });

    it('reassigns the whole bucket when appends run out of room, and says so with the new keys', async () => {
      const projectId = await newProject();
      const bucket = { scope: 0, assignedTimeframe: { span: 1, index: 2_950 } } as const;
      const source = await call(t.app, 'POST', '/v1/teams/active/project-items/all/bulk-create', {
        cookie: u.cookie,
        body: {
          projectId,
          items: Array.from({ length: 25 }, (_, i) => ({
            itemType: 1,
            item: { description: `Demo ${i}` },
            project: unscheduled(),
          })),
        },
      });
      const ids = (source.json().data.items as { id: string }[]).map((item) => item.id);
      const rebalances: { after: number; keys: { id: string; sortKey: number }[] }[] = [];
      let previous: string | null = null;
      for (const [index, id] of ids.entries()) {
        const response = await move(t.app, u.cookie, projectId, id, {
          newAssignment: bucket,
          orderUpdate: { leftNeighborId: previous, rightNeighborId: null },
        });
        expect(response.statusCode).toBe(200);
        const data = response.json().data;
        if (data.rebalancedSortKeys) rebalances.push({ after: index + 1, keys: data.rebalancedSortKeys });
        previous = id;
      }
      // 50000 halved 20 times leaves under 0.1: the 21st append reassigns the 21 items.
      expect(rebalances.map((r) => r.after)).toEqual([21]);
      const [rebalance] = rebalances;
      expect(rebalance!.keys.map((k) => k.id)).toEqual(ids.slice(0, 21));
      expect(rebalance!.keys.map((k) => k.sortKey)).toEqual(rebalancedSortKeys(21));
      const board = await queryBoard(t.app, u.cookie, projectId, {
        timeframeAssignmentFilter: bucket.assignedTimeframe,
      });
      expect(board.map((item) => item.id)).toEqual(ids);
      expect(board.slice(0, 21).map((item) => item.projectContexts[0]!.sortKey)).toEqual(rebalancedSortKeys(21));
    });

    it('reassigns when the gap between two neighbours is under 0.1', async () => {
      const projectId = await newProject();
      const bucket = onDay(20_900);
      const left = await createItem(t.app, u.cookie, projectId, { project: bucket });
      const right = await createItem(t.app, u.cookie, projectId, { project: bucket });
      let inserted: string[] = [];
      let rebalanced: { id: string; sortKey: number }[] | undefined;
      for (let i = 0; i < 25 && !rebalanced; i++) {
        const item = await createItem(t.app, u.cookie, projectId, {
          project: { ...bucket, orderUpdate: { leftNeighborId: left.id, rightNeighborId: inserted[0] ?? right.id } },
        });
        inserted = [item.id, ...inserted];
        rebalanced = item.rebalancedSortKeys;
      }
      expect(rebalanced).toBeDefined();
      expect(rebalanced!.map((k) => k.id)).toEqual([left.id, ...inserted, right.id]);
      expect(rebalanced!.map((k) => k.sortKey)).toEqual(rebalancedSortKeys(inserted.length + 2));
    });
  });

  describe('query', () => {
    let projectId: string;
    const ids: Record<string, string> = {};
    const day = (iso: string) => dayIndexOfIsoDate(iso);
    const weekOf = (iso: string) => weekIndexOfDay(dayIndexOfIsoDate(iso));
    beforeAll(async () => {
      projectId = await newProject({
        milestones: [
          { index: 0, name: 'Beta', targetDate: '2026-12-04' },
          { index: 1, name: 'Launch', targetDate: '2027-01-15' },
        ],
      });
      const place = async (name: string, project: Assignment, kind: 'demos' | 'gtm' = 'demos') => {
        ids[name] = (await createItem(t.app, u.cookie, projectId, { project, kind, item: { description: name } })).id;
      };
      await place('unscheduledOut', unscheduled(1));
      await place('unscheduledIn', unscheduled(0), 'gtm');
      await place('launch', { scope: 0, assignedTimeframe: { span: 4, index: 1 } });
      await place('beta', { scope: 0, assignedTimeframe: { span: 4, index: 0 } });
      await place('weekDec7', inWeek(weekOf('2026-12-07')), 'gtm');
      await place('weekNov23', inWeek(weekOf('2026-11-23')));
      await place('dayNov24', onDay(day('2026-11-24')));
      await place('dayDec8', onDay(day('2026-12-08')), 'gtm');
      await place('dayOutNov24', onDay(day('2026-11-24'), 1));
    });

    const names = (items: { id: string }[]) =>
      items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id));

    it('answers every item with its contexts and history, in board order', async () => {
      const board = await queryBoard(t.app, u.cookie, projectId);
      expect(names(board)).toEqual([
        'dayNov24',
        'dayDec8',
        'weekNov23',
        'weekDec7',
        'beta',
        'launch',
        'unscheduledIn',
        'dayOutNov24',
        'unscheduledOut',
      ]);
      expect(board[0]!.projectContexts).toHaveLength(1);
      expect(board[0]!.projectContexts[0]).not.toHaveProperty('assignmentHistory');
      expect(await historyOf(t.app, u.cookie, projectId, board[0]!.id)).toHaveLength(2);
    });

    it('filters by a timeframe, including what it contains', async () => {
      const filter = async (timeframe: unknown, extra: Record<string, unknown> = {}) =>
        names(await queryBoard(t.app, u.cookie, projectId, { timeframeAssignmentFilter: timeframe, ...extra }));
      expect(await filter({ span: 0, index: day('2026-11-24') })).toEqual(['dayNov24', 'dayOutNov24']);
      expect(await filter({ span: 1, index: weekOf('2026-11-23') })).toEqual(['dayNov24', 'weekNov23', 'dayOutNov24']);
      expect(await filter({ span: 4, index: 0 })).toEqual(['dayNov24', 'weekNov23', 'beta', 'dayOutNov24']);
      expect(await filter({ span: 4, index: 1 })).toEqual(['dayDec8', 'weekDec7', 'launch']);
      expect(await filter(null)).toEqual(['unscheduledIn', 'unscheduledOut']);
      expect(await filter(null, { scopeFilter: 0 })).toEqual(['unscheduledIn']);
      expect(await filter({ span: 4, index: 1 }, { itemTypeFilter: 3 })).toEqual(['dayDec8', 'weekDec7']);
      expect(names(await queryBoard(t.app, u.cookie, projectId, { scopeFilter: 1 }))).toEqual([
        'dayOutNov24',
        'unscheduledOut',
      ]);
    });

    it('refuses unknown filters naming the field', async () => {
      for (const [body, message] of [
        [{ timeframeAssignmentFilter: { span: 4, index: 9 } }, /no milestone 9/],
        [{ timeframeAssignmentFilter: { span: 7, index: 9 } }, /timeframeAssignmentFilter\.span/],
        [{ scopeFilter: 3 }, /scopeFilter/],
        [{ itemTypeFilter: 0 }, /itemTypeFilter/],
      ] as const) {
        const response = await call(t.app, 'POST', `${PROJECTS}/${projectId}/all/query`, { cookie: u.cookie, body });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(message);
      }
    });
  });

  describe('search', () => {
    let projectId: string;
    const made: Record<string, { id: string; externalId: string }> = {};
    beforeAll(async () => {
      projectId = await newProject();
      const add = async (name: string, description: string) => {
        made[name] = await createItem(t.app, u.cookie, projectId, { item: { description } });
      };
      await add('body', 'Payment retries\n\nThe checkout page calls this when a card fails.');
      await add('title', 'Checkout redesign. Simpler steps');
      await add('titleAndBody', 'Checkout analytics\n\nMeasure checkout drop-off');
      await add('unrelated', 'Onboarding emails');
      await add('code', 'Rename `getUserById` in auth-service');
    });

    const search = async (query: string, project = projectId) => {
      const response = await call(t.app, 'GET', `${PROJECTS}/${project}/search?query=${encodeURIComponent(query)}`, {
        cookie: u.cookie,
      });
      expect(response.statusCode).toBe(200);
      const found = response.json().data.items as { id: string }[];
      return found.map((item) => Object.keys(made).find((name) => made[name]!.id === item.id));
    };

    it('finds title and description matches, best first', async () => {
      const found = await search('checkout');
      expect(found).toHaveLength(3);
      expect(found[2]).toBe('body');
      expect(found.slice(0, 2).sort()).toEqual(['title', 'titleAndBody']);
    });

    it('matches the last word as a prefix while typing, and every word', async () => {
      expect(await search('check')).toHaveLength(3);
      expect(await search('checkout red')).toEqual(['title']);
      expect(await search('onboard')).toEqual(['unrelated']);
      expect(await search('auth')).toEqual(['code']);
      expect(await search('nothing-like-this')).toEqual([]);
    });

    it('finds an item by its key, or the number of its key, first', async () => {
      const key = made.unrelated!.externalId;
      expect((await search(key))[0]).toBe('unrelated');
      expect((await search(key.toLowerCase()))[0]).toBe('unrelated');
      expect((await search(key.split('-')[1]!))[0]).toBe('unrelated');
    });

    it('copes with query syntax characters', async () => {
      for (const query of ["'", '\\', ':*', '& | !', '"unclosed', '(checkout', 'checkout:*', "o'brien", '-']) {
        await search(query);
      }
      expect(await search('"checkout redesign"')).toEqual(['title']);
      expect(await search('checkout -analytics -redesign')).toEqual(['body']);
      const empty = await call(t.app, 'GET', `${PROJECTS}/${projectId}/search?query=`, { cookie: u.cookie });
      expect(empty.statusCode).toBe(400);
    });

    it('only searches the given project', async () => {
      const other = await newProject();
      expect(await search('checkout', other)).toEqual([]);
    });
  });
});
