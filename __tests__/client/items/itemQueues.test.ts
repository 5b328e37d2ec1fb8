import { delay, http } from 'msw';
import { Scope } from '../../../src/shared/enums';
import { ItemType } from '../../../src/shared/enums';
import {
  completionToggled,
  itemDeleteRequested,
  itemUpdateRequested,
} from '../../../src/client/features/items/itemsSlice';
import { createItem, moveItemBy, moveItemToBucket } from '../../../src/client/features/items/itemCommands';
import { isTempId } from '../../../src/client/features/items/itemModel';
import { server } from '../helpers/server';
import { dayBucket, planBackend, unscheduled } from '../helpers/handlers/planBackend';
import { boardStore } from './boardStore';

const itemsUrl = (path: string) => `${location.origin}/v1/teams/active/project-items${path}`;
const projectsUrl = (path: string) => `${location.origin}/v1/teams/active/projects${path}`;

/** Wraps a handler so the log shows when each call starts and ends; answers after `ms`. */
function timed(
  method: 'put' | 'post' | 'delete',
  path: string,
  name: (params: Record<string, unknown>) => string,
  ms = 20,
) {
  return http[method](path, async ({ params, request }) => {
    const label = name(params as Record<string, unknown>);
    planBackend.log.push(`start ${label}`);
    await delay(ms);
    planBackend.log.push(`end ${label}`);
    // Let the default handler answer with the plan backend's rules.
    void request;
    return undefined;
  });
}

describe('per-item queue', () => {
  it('runs updates to one item one after another', async () => {
    planBackend.seed([{ id: 'a', description: 'Alpha' }]);
    const { store, idle, item } = await boardStore();
    server.use(timed('put', itemsUrl('/demos/:id'), (p) => `update ${String(p.id)}`));
    planBackend.log = [];
    store.dispatch(itemUpdateRequested('a', { description: 'Alpha one' }, 'project-1'));
    store.dispatch(itemUpdateRequested('a', { description: 'Alpha two' }, 'project-1'));
    store.dispatch(completionToggled('a', true));
    await idle();
    expect(planBackend.log.filter((line) => !line.startsWith('update ') && !line.startsWith('complete '))).toEqual([
      'start update a',
      'end update a',
      'start update a',
      'end update a',
    ]);
    expect(planBackend.log.indexOf('complete a true')).toBeGreaterThan(planBackend.log.lastIndexOf('end update a'));
    expect(item('a')?.description).toBe('Alpha two');
    expect(planBackend.items[0]?.description).toBe('Alpha two');
    expect(item('a')?.completionDate).toEqual(expect.any(String));
  });

  it('runs updates to different items side by side', async () => {
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta' },
    ]);
    const { store, idle } = await boardStore();
    server.use(timed('put', itemsUrl('/demos/:id'), (p) => String(p.id)));
    planBackend.log = [];
    store.dispatch(itemUpdateRequested('a', { description: 'A' }, 'project-1'));
    store.dispatch(itemUpdateRequested('b', { description: 'B' }, 'project-1'));
    await idle();
    expect(planBackend.log.slice(0, 2)).toEqual(['start a', 'start b']);
  });
});

describe('per-project queue', () => {
  it('runs moves in one project one after another, each from the board the user saw', async () => {
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta' },
      { id: 'c', description: 'Gamma' },
    ]);
    const { store, idle, ids } = await boardStore();
    server.use(timed('put', projectsUrl('/:projectId/all/:itemId/project-context'), (p) => `move ${String(p.itemId)}`));
    planBackend.log = [];
    store.dispatch(moveItemBy('c', -1));
    store.dispatch(moveItemBy('c', -1));
    store.dispatch(moveItemBy('a', 1));
    // Applied at once, in the order asked.
    expect(ids(unscheduled())).toEqual(['c', 'b', 'a']);
    await idle();
    const calls = planBackend.log.filter((line) => line.startsWith('start') || line.startsWith('end'));
    expect(calls).toEqual(['start move c', 'end move c', 'start move c', 'end move c', 'start move a', 'end move a']);
    expect(ids(unscheduled())).toEqual(['c', 'b', 'a']);
    expect(planBackend.bucketItems('project-1', unscheduled()).map((item) => item.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('temporary ids', () => {
  it('actions on a new item wait for its server id, then use it', async () => {
    const { store, idle, ids, item } = await boardStore();
    server.use(timed('post', itemsUrl('/demos'), () => 'create', 40));
    planBackend.log = [];
    const tempId = store.dispatch(
      createItem({ itemType: ItemType.Demo, item: { description: 'Fresh demo' }, bucket: dayBucket(20_000) }),
    )!;
    expect(isTempId(tempId)).toBe(true);
    expect(ids(dayBucket(20_000))).toEqual([tempId]);
    store.dispatch(itemUpdateRequested(tempId, { description: 'Fresh demo, renamed' }, 'project-1'));
    store.dispatch(completionToggled(tempId, true));
    store.dispatch(moveItemToBucket(tempId, unscheduled(Scope.OutOfScope)));
    await idle();
    const serverId = planBackend.items[0]!.id;
    expect(planBackend.log).toEqual([
      'start create',
      'end create',
      'create Fresh demo',
      // The update and the completion share the item's queue; the move is the project's.
      ...planBackend.log.slice(3),
    ]);
    expect(planBackend.log.slice(3).sort()).toEqual(
      [`update ${serverId}`, `complete ${serverId} true`, `move ${serverId}`].sort(),
    );
    expect(item(tempId)).toBeUndefined();
    expect(item(serverId)).toMatchObject({
      description: 'Fresh demo, renamed',
      externalId: 'AE-1',
      linkId: 'link1',
      completionDate: expect.any(String),
    });
    expect(ids(unscheduled(Scope.OutOfScope))).toEqual([serverId]);
    expect(planBackend.items[0]).toMatchObject({
      description: 'Fresh demo, renamed',
      completionDate: expect.any(String),
    });
  });

  it('a new item gets the server’s id, linkId, externalId and sort key in place of its temporary ones', async () => {
    planBackend.seed([{ id: 'a', description: 'Alpha', bucket: dayBucket(20_000) }]);
    const { store, idle, ids, item } = await boardStore();
    const tempId = store.dispatch(
      createItem({ itemType: ItemType.Implementation, item: { description: 'Build it' }, bucket: dayBucket(20_000) }),
    )!;
    expect(ids(dayBucket(20_000))).toEqual([tempId, 'a']);
    await idle();
    const created = planBackend.items.find((candidate) => candidate.description === 'Build it')!;
    expect(ids(dayBucket(20_000))).toEqual([created.id, 'a']);
    const context = planBackend.contextOf(created, 'project-1')!;
    expect(item(created.id)).toMatchObject({ linkId: created.linkId, externalId: created.externalId, itemType: 2 });
    expect(item(created.id)?.plan.sortKey).toBe(context.sortKey);
    expect(context.sortKey).toBeLessThan(planBackend.contextOf(planBackend.items[0]!, 'project-1')!.sortKey);
  });

  it('deleting an item whose create is still in flight deletes it once its id is known', async () => {
    const { store, idle, item } = await boardStore();
    server.use(timed('post', itemsUrl('/gtm'), () => 'create', 30));
    const tempId = store.dispatch(
      createItem({ itemType: ItemType.GoToMarket, item: { description: 'Launch post' }, bucket: unscheduled() }),
    )!;
    store.dispatch(itemDeleteRequested(tempId, 'project-1'));
    expect(item(tempId)).toBeUndefined();
    await idle();
    expect(planBackend.items).toEqual([]);
    expect(store.getState().items.ids).toEqual([]);
  });
});
