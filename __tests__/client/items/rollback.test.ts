import { delay, http, HttpResponse } from 'msw';
import { ItemType, Scope } from '../../../src/shared/enums';
import {
  completionToggled,
  itemDeleteRequested,
  itemOf,
  itemUpdateRequested,
} from '../../../src/client/features/items/itemsSlice';
import { createItem, moveItemBy, moveItemToBucket } from '../../../src/client/features/items/itemCommands';
import { selectBoardNotice } from '../../../src/client/features/board/boardSlice';
import { server } from '../helpers/server';
import { dayBucket, planBackend, unscheduled } from '../helpers/handlers/planBackend';
import { boardStore } from './boardStore';

const itemsUrl = (path: string) => `${location.origin}/v1/teams/active/project-items${path}`;
const moveUrl = `${location.origin}/v1/teams/active/projects/:projectId/all/:itemId/project-context`;
const failed = (message = 'Database unavailable') => HttpResponse.json({ result: 'Failed', message }, { status: 500 });

describe('rollback', () => {
  it('a failed create removes the new item', async () => {
    planBackend.seed([{ id: 'a', description: 'Alpha' }]);
    const { store, idle, ids } = await boardStore();
    server.use(http.post(itemsUrl('/demos'), () => failed()));
    const tempId = store.dispatch(
      createItem({ itemType: ItemType.Demo, item: { description: 'Doomed' }, bucket: unscheduled() }),
    )!;
    expect(ids(unscheduled())).toEqual([tempId, 'a']);
    await idle();
    expect(ids(unscheduled())).toEqual(['a']);
    expect(itemOf(store.getState().items, tempId)).toBeUndefined();
    expect(selectBoardNotice(store.getState())?.message).toMatch(/Couldn’t add “Doomed”: Database unavailable/);
  });

  it('a failed delete restores the item where it was', async () => {
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta' },
      { id: 'c', description: 'Gamma' },
    ]);
    const { store, idle, ids, item } = await boardStore();
    server.use(http.delete(itemsUrl('/all/:id'), () => failed()));
    store.dispatch(itemDeleteRequested('b', 'project-1'));
    expect(ids(unscheduled())).toEqual(['a', 'c']);
    await idle();
    expect(ids(unscheduled())).toEqual(['a', 'b', 'c']);
    expect(item('b')?.description).toBe('Beta');
  });

  it('a failed update reverts what it changed and keeps a later update that succeeded', async () => {
    planBackend.seed([{ id: 'a', description: 'Alpha', itemType: ItemType.Implementation }]);
    const { store, idle, item } = await boardStore();
    let calls = 0;
    server.use(
      http.put(itemsUrl('/implementations/:id'), async () => {
        calls += 1;
        if (calls === 1) {
          await delay(20);
          return failed();
        }
        return undefined;
      }),
    );
    store.dispatch(itemUpdateRequested('a', { description: 'First try', goals: ['g1'] }, 'project-1'));
    store.dispatch(itemUpdateRequested('a', { description: 'Second try\n\nwith details', goals: ['g2'] }, 'project-1'));
    // The board keeps its own part of each write: the description's first line, never the goals.
    expect(item('a')?.description).toBe('Second try');
    expect(item('a')).not.toHaveProperty('goals');
    await idle();
    // The second update, which the server took, stays.
    expect(item('a')?.description).toBe('Second try');
    expect(planBackend.items[0]).toMatchObject({ description: 'Second try\n\nwith details', goals: ['g2'] });
  });

  it('a failed update reverts the board’s part and leaves a later one standing', async () => {
    planBackend.seed([{ id: 'a', description: 'Alpha', itemType: ItemType.Implementation }]);
    const { store, idle, item } = await boardStore();
    let calls = 0;
    server.use(
      http.put(itemsUrl('/implementations/:id'), async () => {
        calls += 1;
        if (calls === 1) {
          await delay(20);
          return failed();
        }
        return undefined;
      }),
    );
    store.dispatch(itemUpdateRequested('a', { description: 'First try', workflowStatus: 1 }, 'project-1'));
    store.dispatch(itemUpdateRequested('a', { workflowStatus: 2, goals: ['g2'] }, 'project-1'));
    expect(item('a')).toMatchObject({ description: 'First try', workflowStatus: 2 });
    await idle();
    // The description goes back; the status shows the second update.
    expect(item('a')).toMatchObject({ description: 'Alpha', workflowStatus: 2 });
    expect(planBackend.items[0]).toMatchObject({ description: 'Alpha', workflowStatus: 2, goals: ['g2'] });
  });

  it('a failed update of each kind reverts it', async () => {
    planBackend.seed([
      { id: 'd', description: 'Demo', itemType: ItemType.Demo },
      { id: 'i', description: 'Impl', itemType: ItemType.Implementation },
      { id: 'g', description: 'GTM', itemType: ItemType.GoToMarket },
    ]);
    const { store, idle, item } = await boardStore();
    server.use(
      http.put(itemsUrl('/demos/:id'), () => failed()),
      http.put(itemsUrl('/implementations/:id'), () => failed()),
      http.put(itemsUrl('/gtm/:id'), () => failed()),
    );
    store.dispatch(itemUpdateRequested('d', { implementationIds: ['i'] }, 'project-1'));
    store.dispatch(itemUpdateRequested('i', { newTestScenarios: ['it works'] }, 'project-1'));
    store.dispatch(itemUpdateRequested('g', { description: 'Changed' }, 'project-1'));
    await idle();
    expect(item('d')).not.toHaveProperty('implementationIds');
    expect(item('i')).not.toHaveProperty('newTestScenarios');
    expect(item('g')?.description).toBe('GTM');
    expect(planBackend.items.map((stored) => [stored.implementationIds, stored.newTestScenarios])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });

  it('completion is optimistic (now, or null) and reverted on failure', async () => {
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta', completionDate: '2025-11-01T09:00:00.000Z' },
    ]);
    const { store, idle, item } = await boardStore();
    server.use(http.put(itemsUrl('/all/:id/complete'), () => failed()));
    const before = Date.now();
    store.dispatch(completionToggled('a', true));
    store.dispatch(completionToggled('b', false));
    expect(Date.parse(item('a')!.completionDate!)).toBeGreaterThanOrEqual(before);
    expect(item('b')?.completionDate).toBeNull();
    await idle();
    expect(item('a')?.completionDate).toBeNull();
    expect(item('b')?.completionDate).toBe('2025-11-01T09:00:00.000Z');
  });

  it('a failed move puts the item back where it was, with its old plan', async () => {
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta' },
    ]);
    const { store, idle, ids, item } = await boardStore();
    const before = item('a')!.plan;
    server.use(http.put(moveUrl, () => failed()));
    store.dispatch(moveItemToBucket('a', dayBucket(20_000)));
    expect(ids(dayBucket(20_000))).toEqual(['a']);
    expect(item('a')?.plan.assignedTimeframe).toEqual({ span: 0, index: 20_000 });
    await idle();
    expect(ids(dayBucket(20_000))).toEqual([]);
    expect(ids(unscheduled())).toEqual(['a', 'b']);
    expect(item('a')?.plan).toEqual(before);
    expect(selectBoardNotice(store.getState())?.message).toMatch(/Couldn’t move AE-1/);
  });

  it('a failed reorder restores the order', async () => {
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta' },
    ]);
    const { store, idle, ids } = await boardStore();
    server.use(http.put(moveUrl, () => failed()));
    store.dispatch(moveItemBy('a', 1));
    expect(ids(unscheduled())).toEqual(['b', 'a']);
    await idle();
    expect(ids(unscheduled())).toEqual(['a', 'b']);
  });

  it('a move answered with rebalanced keys applies all of them in one state update', async () => {
    const bucket = unscheduled(Scope.InScope);
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta' },
      { id: 'c', description: 'Gamma' },
    ]);
    // Crowd the keys so the next move between a and b finds no room.
    planBackend.contextOf(planBackend.items[0]!, 'project-1')!.sortKey = 10;
    planBackend.contextOf(planBackend.items[1]!, 'project-1')!.sortKey = 10.05;
    planBackend.contextOf(planBackend.items[2]!, 'project-1')!.sortKey = 20;
    const { store, idle, ids, item } = await boardStore();
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => {
      const keys = ['a', 'b', 'c'].map((id) => itemOf(store.getState().items, id)?.plan.sortKey);
      seen.push(keys.join(','));
    });
    store.dispatch(moveItemBy('c', -1));
    await idle();
    unsubscribe();
    expect(ids(bucket)).toEqual(['a', 'c', 'b']);
    const final = ['a', 'c', 'b'].map((id) => item(id)!.plan.sortKey);
    expect(final).toEqual([-25000, 0, 25000]);
    // No state in between has some keys rebalanced and others not.
    expect(seen.some((keys) => keys.includes('-25000') && !keys.includes('25000'))).toBe(false);
  });
});
