import { delay, http, HttpResponse } from 'msw';
import { itemDeleteRequested, itemUpdateRequested } from '../../../src/client/features/items/itemsSlice';
import { removedFromTeam, teamChangeReceived } from '../../../src/client/features/live/liveActions';
import { refreshBoard } from '../../../src/client/features/items/itemCommands';
import { server } from '../helpers/server';
import { dayBucket, planBackend, unscheduled, type StoredItem } from '../helpers/handlers/planBackend';
import type { ChangedItem } from '../../../src/shared/contract/events';
import { boardStore } from '../items/boardStore';

const itemsUrl = (path: string) => `${location.origin}/v1/teams/active/project-items${path}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

function seedThree() {
  planBackend.seed([
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
    { id: 'c', description: 'Gamma' },
  ]);
}

/** An item as a live change carries it: a card's fields and every project context (no history). */
function carried(id: string): ChangedItem {
  const stored = planBackend.items.find((item) => item.id === id) as StoredItem;
  return {
    id: stored.id,
    linkId: stored.linkId,
    teamId: stored.teamId,
    dateCreated: stored.dateCreated,
    itemType: stored.itemType,
    description: stored.description,
    externalId: stored.externalId,
    workflowStatus: stored.workflowStatus,
    parentContextItemId: stored.parentContextItemId,
    startDate: stored.startDate,
    completionDate: stored.completionDate,
    projectContexts: stored.projectContexts.map(({ assignmentHistory: _history, ...placement }) => placement),
  };
}

const boardReads = () => planBackend.log.filter((call) => call.startsWith('query'));

describe('live changes that carry their items', () => {
  it('patch the board in place: a rename, a new card, a delete and a move, with no board read', async () => {
    seedThree();
    planBackend.seed([{ id: 'd', description: 'Delta', bucket: dayBucket(20_800) }]);
    const { store, ids, item } = await boardStore();
    const readsBefore = boardReads().length;

    planBackend.items.find((stored) => stored.id === 'b')!.description = 'Beta, renamed';
    planBackend.seed([{ id: 'e', description: 'Epsilon' }]);
    const moved = planBackend.items.find((stored) => stored.id === 'd')!;
    moved.projectContexts[0] = { ...moved.projectContexts[0]!, ...unscheduled(), sortKey: -1 };
    store.dispatch(
      teamChangeReceived({
        kind: 'items',
        projectId: 'project-1',
        itemIds: ['b', 'c', 'd', 'e'],
        items: ['b', 'd', 'e'].map(carried),
      }),
    );

    expect(item('b')?.description).toBe('Beta, renamed');
    expect(item('c')).toBeUndefined();
    // The moved card sits where its key puts it; the new one too.
    expect(ids(unscheduled())).toEqual(['d', 'a', 'b', 'e']);
    expect(ids(dayBucket(20_800))).toEqual([]);
    await settle();
    expect(boardReads().length).toBe(readsBefore);
  });

  it("keep this browser's edit in flight and take the rest of the change", async () => {
    seedThree();
    const { store, idle, item } = await boardStore();
    server.use(
      http.put(itemsUrl('/demos/:id'), async () => {
        await delay(300);
        return HttpResponse.json({ result: 'Failed', message: 'slow' }, { status: 500 });
      }),
    );
    store.dispatch(itemUpdateRequested('a', { description: 'Mine' }, 'project-1'));
    const theirs = planBackend.items.find((stored) => stored.id === 'a')!;
    theirs.description = 'Theirs';
    theirs.workflowStatus = 2;
    store.dispatch(
      teamChangeReceived({ kind: 'items', projectId: 'project-1', itemIds: ['a'], items: [carried('a')] }),
    );
    expect(item('a')).toMatchObject({ description: 'Mine', workflowStatus: 2 });
    // The edit fails: the card goes back to their description, not the one from before.
    await idle();
    expect(item('a')).toMatchObject({ description: 'Theirs', workflowStatus: 2 });
  });
});

describe('live updates on the board', () => {
  it("another member's rename, new item and delete show after the event, without a reload", async () => {
    seedThree();
    const { store, ids, item } = await boardStore();
    planBackend.items.find((stored) => stored.id === 'b')!.description = 'Beta, renamed';
    planBackend.items = planBackend.items.filter((stored) => stored.id !== 'c');
    planBackend.seed([{ id: 'd', description: 'Delta' }]);

    store.dispatch(teamChangeReceived({ kind: 'items', projectId: 'project-1', itemIds: [] }));
    await settle();
    expect(ids(unscheduled())).toEqual(['a', 'b', 'd']);
    expect(item('b')?.description).toBe('Beta, renamed');
  });

  it("ignores another project's items, and reads the board for a change of unknown project", async () => {
    seedThree();
    const { store, item } = await boardStore();
    planBackend.items.find((stored) => stored.id === 'a')!.description = 'Alpha, elsewhere';
    store.dispatch(teamChangeReceived({ kind: 'items', projectId: 'project-2', itemIds: ['x'] }));
    await settle();
    expect(item('a')?.description).toBe('Alpha');
    store.dispatch(teamChangeReceived({ kind: 'items', projectId: null, itemIds: ['a'] }));
    await settle();
    expect(item('a')?.description).toBe('Alpha, elsewhere');
  });

  it("never undoes this browser's edit or delete in flight", async () => {
    seedThree();
    const { store, idle, ids, item } = await boardStore();
    // The server is slow to answer this browser's writes.
    server.use(
      http.put(itemsUrl('/demos/:id'), async () => {
        await delay(600);
        return HttpResponse.json({ result: 'Failed', message: 'slow' }, { status: 500 });
      }),
      http.delete(itemsUrl('/all/:id'), async () => {
        await delay(600);
        return HttpResponse.json({ result: 'Failed', message: 'slow' }, { status: 500 });
      }),
    );
    store.dispatch(itemUpdateRequested('a', { description: 'Mine' }, 'project-1'));
    store.dispatch(itemDeleteRequested('c', 'project-1'));
    planBackend.items.find((stored) => stored.id === 'a')!.description = 'Theirs';

    await store.dispatch(refreshBoard());
    expect(item('a')?.description).toBe('Mine');
    expect(ids(unscheduled())).toEqual(['a', 'b']);
    await idle();
  });
});

describe('removed from the team', () => {
  it('says so and reads the context again, which lands the user in another team', async () => {
    seedThree();
    const { store } = await boardStore();
    const teamName = store.getState().team.active!.teamName;
    store.dispatch(removedFromTeam());
    expect(store.getState().board.notice?.message).toBe(
      `You are no longer a member of ${teamName}, so Baton opened another team.`,
    );
    await settle();
    expect(store.getState().coreContext.status).toBe('signedIn');
  });
});
