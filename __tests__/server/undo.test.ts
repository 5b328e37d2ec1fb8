import { sql } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, historyRows, move, onDay, queryBoard, teamUser } from './helpers/planning';
import { handoffs } from '../../src/server/db/schema';

jest.setTimeout(30_000);

const ITEMS = '/v1/teams/active/project-items';

describe('undo through the normal write paths', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    u = await teamUser(t.app, 'undo@example.com');
  });
  afterAll(() => t.close());

  const remove = (itemId: string, projectId = u.projectId) =>
    call(t.app, 'DELETE', `${ITEMS}/all/${itemId}`, { cookie: u.cookie, body: { projectId } });
  const restore = (itemId: string, body: unknown = { projectId: u.projectId }, cookie = u.cookie) =>
    call(t.app, 'POST', `${ITEMS}/all/${itemId}/restore`, { cookie, body });
  const board = async () =>
    (await queryBoard(t.app, u.cookie, u.projectId)).map((item) => [
      item.externalId,
      item.projectContexts[0]!.sortKey,
      item.projectContexts[0]!.assignedTimeframe?.index ?? null,
    ]);

  it('a move back between the same neighbours keeps the key it is given when it still lies between them', async () => {
    const a = await createItem(t.app, u.cookie, u.projectId, { project: onDay(100) });
    const b = await createItem(t.app, u.cookie, u.projectId, { project: onDay(100) });
    const c = await createItem(t.app, u.cookie, u.projectId, { project: onDay(100) });
    const bKey = (await queryBoard(t.app, u.cookie, u.projectId)).find((item) => item.id === b.id)!.projectContexts[0]!
      .sortKey;
    const moved = await move(t.app, u.cookie, u.projectId, b.id, { newAssignment: onDay(101) });
    expect(moved.statusCode).toBe(200);
    const back = await move(t.app, u.cookie, u.projectId, b.id, {
      newAssignment: onDay(100),
      orderUpdate: { leftNeighborId: a.id, rightNeighborId: c.id, sortKey: bKey },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.projectPlanContext.sortKey).toBe(bKey);
    // A key outside the neighbours is not taken: the midpoint is.
    const outside = await move(t.app, u.cookie, u.projectId, b.id, {
      orderUpdate: { leftNeighborId: null, rightNeighborId: c.id, sortKey: 49_999 },
    });
    expect(outside.json().data.projectPlanContext.sortKey).toBeLessThan(49_999);
    const tooBig = await move(t.app, u.cookie, u.projectId, b.id, { orderUpdate: { sortKey: 50_001 } });
    expect(tooBig.statusCode).toBe(400);
  });

  it('restores a deleted item with its id, key, fields, hand-offs, history and exact key, for everyone', async () => {
    await createItem(t.app, u.cookie, u.projectId, { project: onDay(200) });
    const item = await createItem(t.app, u.cookie, u.projectId, {
      project: onDay(200),
      item: { description: 'Keep me\nwith details', goals: ['one'] },
    });
    await createItem(t.app, u.cookie, u.projectId, { project: onDay(200) });
    await move(t.app, u.cookie, u.projectId, item.id, { newAssignment: { ...onDay(200), assignedToUserId: u.userId } });
    await t.app.db.insert(handoffs).values({
      id: 'handoff-1',
      teamId: u.teamId,
      itemId: item.id,
      agent: 'claude',
      automationKind: 1,
      state: 'sent',
      createdBy: u.userId,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const whole = (await call(t.app, 'GET', `${ITEMS}/all/${item.id}`, { cookie: u.cookie })).json().data;
    const history = await historyRows(t.app, u.projectId, item.id);
    const before = await board();

    expect((await remove(item.id)).statusCode).toBe(200);
    expect((await board()).length).toBe(before.length - 1);
    const restored = await restore(item.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toEqual(
      expect.objectContaining({ id: item.id, linkId: whole.linkId, externalId: whole.externalId }),
    );
    expect(await board()).toEqual(before);
    expect((await call(t.app, 'GET', `${ITEMS}/all/${item.id}`, { cookie: u.cookie })).json().data).toEqual(whole);
    expect(await historyRows(t.app, u.projectId, item.id)).toEqual(history);
    expect((await t.app.db.select().from(handoffs)).map((row) => row.id)).toEqual(['handoff-1']);
    // Once back, there is nothing left to restore.
    expect((await restore(item.id)).statusCode).toBe(404);
    // The live boards hear of it.
    const events = await t.app.db.execute(sql`select payload from team_events order by id desc limit 1`);
    expect(JSON.stringify((events as unknown as { rows: unknown[] }).rows[0])).toContain(item.id);
  });

  it('restores a placement deleted from one project while the item stays on another', async () => {
    const other = (
      await call(t.app, 'POST', '/v1/teams/active/projects', { cookie: u.cookie, body: { description: 'Other' } })
    ).json().data.id;
    const item = await createItem(t.app, u.cookie, other, { project: onDay(300) });
    // Transferring the other project's items here puts the item on both.
    const deleted = await call(t.app, 'DELETE', `/v1/teams/active/projects/${other}`, {
      cookie: u.cookie,
      body: { transferItemsToProjectId: u.projectId },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await remove(item.id)).statusCode).toBe(200);
    expect((await board()).some(([key]) => key === item.externalId)).toBe(false);
    expect((await restore(item.id)).statusCode).toBe(200);
    expect((await board()).some(([key]) => key === item.externalId)).toBe(true);
  });

  it('moves the bucket apart when an item took the very key meanwhile', async () => {
    const left = await createItem(t.app, u.cookie, u.projectId, { project: onDay(400) });
    const item = await createItem(t.app, u.cookie, u.projectId, { project: onDay(400) });
    const right = await createItem(t.app, u.cookie, u.projectId, { project: onDay(400) });
    await move(t.app, u.cookie, u.projectId, item.id, {
      orderUpdate: { leftNeighborId: right.id, rightNeighborId: left.id },
    });
    expect((await remove(item.id)).statusCode).toBe(200);
    // A new item placed between the same neighbours gets the same midpoint.
    const newcomer = await createItem(t.app, u.cookie, u.projectId, {
      project: { ...onDay(400), orderUpdate: { leftNeighborId: right.id, rightNeighborId: left.id } },
    });
    const answer = await restore(item.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.rebalancedSortKeys).toHaveLength(4);
    const keys = (await queryBoard(t.app, u.cookie, u.projectId))
      .filter((entry) => [left.id, item.id, right.id, newcomer.id].includes(entry.id))
      .map((entry) => entry.projectContexts[0]!.sortKey);
    expect(new Set(keys).size).toBe(4);
  });

  it('refuses what it cannot restore and changes nothing', async () => {
    const item = await createItem(t.app, u.cookie, u.projectId);
    expect((await restore(item.id)).statusCode).toBe(404);
    expect((await restore(item.id, {})).statusCode).toBe(400);
    expect((await restore(item.id, { projectId: u.projectId, extra: 1 })).statusCode).toBe(400);
    await remove(item.id);
    // Another team cannot restore it.
    const stranger = await teamUser(t.app, 'stranger@example.com');
    expect((await restore(item.id, { projectId: u.projectId }, stranger.cookie)).statusCode).toBe(404);
    expect((await restore(item.id, { projectId: stranger.projectId }, stranger.cookie)).statusCode).toBe(404);
    // Past the hour, it is gone for good.
    t.clock.advance(61 * 60 * 1000);
    expect((await restore(item.id)).statusCode).toBe(404);
  });
});
