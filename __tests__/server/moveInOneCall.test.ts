import { sql } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import {
  createItem,
  historyOf,
  move,
  onDay,
  planningState,
  queryBoard,
  teamUser,
  unscheduled,
} from './helpers/planning';
import { rebalancedSortKeys } from '../../src/shared/sortKeys';

jest.setTimeout(30_000);

const PROJECTS = '/v1/teams/active/projects';

/** A move in order is one database call (services/moveInOneCall.ts); anything else runs the move's transaction. */
describe('a move in one call', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  beforeEach(async () => {
    t = await buildTestApp();
    u = await teamUser(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const transactions = () => jest.spyOn(t.app.db, 'transaction');

  it('reorders, moves to another bucket and changes the assignee without a transaction, as the spec says', async () => {
    const { projectId } = u;
    const [a, b, c] = [
      await createItem(t.app, u.cookie, projectId, { project: onDay(20_416) }),
      await createItem(t.app, u.cookie, projectId, { project: onDay(20_416) }),
      await createItem(t.app, u.cookie, projectId, { project: onDay(20_416) }),
    ];
    const spy = transactions();

    const reordered = await move(t.app, u.cookie, projectId, c!.id, { orderUpdate: { leftNeighborId: a!.id } });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().data).toMatchObject({ id: c!.id, linkId: c!.linkId, externalId: c!.externalId });
    const board = await queryBoard(t.app, u.cookie, projectId);
    expect(board.map((item) => item.id)).toEqual([a!.id, c!.id, b!.id]);

    const later = await move(t.app, u.cookie, projectId, a!.id, {
      newAssignment: { scope: 0, assignedTimeframe: null, assignedToUserId: u.userId },
    });
    expect(later.statusCode).toBe(200);
    const context = later.json().data.projectPlanContext;
    expect(context).toMatchObject({ scope: 0, assignedTimeframe: null, assignedToUserId: u.userId });
    expect(context.assignmentHistory.at(-1).assignment).toEqual({
      scope: 0,
      assignedTimeframe: null,
      assignedToUserId: u.userId,
    });
    expect(await historyOf(t.app, u.cookie, projectId, a!.id)).toEqual(context.assignmentHistory);
    expect(spy).not.toHaveBeenCalled();

    // Each move told the live board, once.
    const events = await t.app.db.execute(sql`select payload from team_events where team_id = ${u.teamId} order by id`);
    const payloads = (events as unknown as { rows: { payload: { itemIds?: string[] } }[] }).rows.map((r) => r.payload);
    expect(payloads.slice(-2).map((payload) => payload.itemIds)).toEqual([[c!.id], [a!.id]]);
  });

  it('moves into a bucket with no room in the one call: the bucket is reassigned, answered and told to the live board', async () => {
    const { projectId } = u;
    const [a, b, c] = [
      await createItem(t.app, u.cookie, projectId, { project: onDay(20_416) }),
      await createItem(t.app, u.cookie, projectId, { project: onDay(20_416) }),
      await createItem(t.app, u.cookie, projectId, { project: onDay(20_416) }),
    ];
    // a and b sit 0.05 below the upper bound: no room after b.
    for (const [item, key] of [
      [a!, 49_999.9],
      [b!, 49_999.95],
      [c!, 0],
    ] as const)
      await t.app.db.execute(sql`update project_contexts set sort_key = ${key} where item_id = ${item.id}`);
    const spy = transactions();

    const moved = await move(t.app, u.cookie, projectId, c!.id, { orderUpdate: { leftNeighborId: b!.id } });
    expect(moved.statusCode).toBe(200);
    expect(spy).not.toHaveBeenCalled();
    const keys = rebalancedSortKeys(3);
    expect(moved.json().data.rebalancedSortKeys).toEqual([
      { id: a!.id, sortKey: keys[0] },
      { id: b!.id, sortKey: keys[1] },
      { id: c!.id, sortKey: keys[2] },
    ]);
    expect(moved.json().data.projectPlanContext.sortKey).toBe(keys[2]);
    const board = await queryBoard(t.app, u.cookie, projectId);
    expect(board.map((item) => [item.id, item.projectContexts[0]!.sortKey])).toEqual([
      [a!.id, keys[0]],
      [b!.id, keys[1]],
      [c!.id, keys[2]],
    ]);
    // Every key of the bucket changed: the event names them all, the moved item first.
    const events = await t.app.db.execute(sql`select payload from team_events where team_id = ${u.teamId} order by id`);
    const payloads = (events as unknown as { rows: { payload: { itemIds?: string[] } }[] }).rows.map((r) => r.payload);
    expect(payloads.at(-1)!.itemIds).toEqual([c!.id, a!.id, b!.id]);
  });

  it('leaves errors to the transaction: nothing changes and the spec error is answered', async () => {
    const { projectId } = u;
    const item = await createItem(t.app, u.cookie, projectId, { project: unscheduled() });
    const before = await planningState(t.app);
    const spy = transactions();
    const noMilestone = await move(t.app, u.cookie, projectId, item.id, {
      newAssignment: { scope: 0, assignedTimeframe: { span: 4, index: 7 } },
    });
    expect(noMilestone.statusCode).toBe(400);
    expect(noMilestone.json().message).toBe('newAssignment.assignedTimeframe: this project has no milestone 7');
    const notMember = await move(t.app, u.cookie, projectId, item.id, {
      newAssignment: { scope: 0, assignedTimeframe: null, assignedToUserId: 'u_nobody' },
    });
    expect(notMember.statusCode).toBe(400);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(await planningState(t.app)).toEqual(before);
  });

  it('answers 401 once the session has ended elsewhere, though this instance has seen it', async () => {
    const { projectId } = u;
    const item = await createItem(t.app, u.cookie, projectId, { project: unscheduled() });
    expect((await move(t.app, u.cookie, projectId, item.id, { orderUpdate: {} })).statusCode).toBe(200);
    // As another instance's sign-out does.
    await t.app.db.execute(sql`delete from sessions`);
    const before = await planningState(t.app);
    const after = await move(t.app, u.cookie, projectId, item.id, {
      newAssignment: { scope: 0, assignedTimeframe: null },
    });
    expect(after.statusCode).toBe(401);
    expect(await planningState(t.app)).toEqual(before);
  });

  it('touches a session due its touch, through the transaction, and then moves in one call again', async () => {
    const { projectId } = u;
    const item = await createItem(t.app, u.cookie, projectId, { project: unscheduled() });
    t.clock.advance(61_000);
    const spy = transactions();
    const touched = await move(t.app, u.cookie, projectId, item.id, { orderUpdate: {} });
    expect(touched.statusCode).toBe(200);
    expect(touched.headers['set-cookie']).toBeDefined();
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await move(t.app, u.cookie, projectId, item.id, { orderUpdate: {} })).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('moves that arrive together share calls: each is answered as alone, an error among them only for its own', async () => {
    const other = await teamUser(t.app, 'grace@example.com');
    const mine = await Promise.all(
      Array.from({ length: 8 }, () => createItem(t.app, u.cookie, u.projectId, { project: onDay(20_416) })),
    );
    const theirs = await Promise.all(
      Array.from({ length: 3 }, () => createItem(t.app, other.cookie, other.projectId, { project: onDay(20_416) })),
    );
    const spy = transactions();
    const toEnd = { orderUpdate: {} };
    const [mineAnswers, theirAnswers, noMilestone] = await Promise.all([
      Promise.all(mine.map((item) => move(t.app, u.cookie, u.projectId, item.id, toEnd))),
      Promise.all(theirs.map((item) => move(t.app, other.cookie, other.projectId, item.id, toEnd))),
      move(t.app, u.cookie, u.projectId, mine[0]!.id, {
        newAssignment: { scope: 0, assignedTimeframe: { span: 4, index: 7 } },
      }),
    ]);
    expect([...mineAnswers, ...theirAnswers].map((answer) => answer.statusCode)).toEqual(Array(11).fill(200));
    expect(noMilestone.statusCode).toBe(400);
    expect(noMilestone.json().message).toBe('newAssignment.assignedTimeframe: this project has no milestone 7');
    expect(spy).toHaveBeenCalledTimes(1);

    // Each append went after the ones before it: the board's order is the answered keys' order.
    for (const [user, answers] of [
      [u, mineAnswers],
      [other, theirAnswers],
    ] as const) {
      const answered = answers
        .map((answer) => answer.json().data as { id: string; projectPlanContext: { sortKey: number } })
        .map((data) => ({ id: data.id, sortKey: data.projectPlanContext.sortKey }))
        .sort((a, b) => a.sortKey - b.sortKey);
      const board = await queryBoard(t.app, user.cookie, user.projectId);
      expect(board.map((item) => ({ id: item.id, sortKey: item.projectContexts[0]!.sortKey }))).toEqual(answered);
    }
  });

  it('is NotFound for another team’s project, whichever path answers', async () => {
    const other = await teamUser(t.app, 'grace@example.com');
    const item = await createItem(t.app, other.cookie, other.projectId, { project: unscheduled() });
    const response = await call(t.app, 'PUT', `${PROJECTS}/${other.projectId}/all/${item.id}/project-context`, {
      cookie: u.cookie,
      body: { orderUpdate: {} },
    });
    expect(response.statusCode).toBe(404);
  });
});
