/**
 * The board in two reads (docs/architecture.md "How the board loads"): the head shows the board, the
 * rest completes it without undoing what this browser did meanwhile, and a change between the reads
 * (or heard during them) reads the board again.
 */
import { delay, http, HttpResponse } from 'msw';
import { setupStore } from '../../../src/client/app/store';
import {
  HEAD_PER_BUCKET,
  BUCKET_LOADING_MESSAGE,
  loadBoard,
  moveItemTo,
  moveItemToBucket,
  retryBoardRest,
} from '../../../src/client/features/items/itemCommands';
import { itemQueuesIdle } from '../../../src/client/features/items/itemsListeners';
import { selectBucketIds, selectItemCount } from '../../../src/client/features/items/itemsSelectors';
import { itemOf } from '../../../src/client/features/items/itemsSlice';
import { teamChangeReceived } from '../../../src/client/features/live/liveActions';
import type { ProjectItemsQuery } from '../../../src/shared/contract/projects';
import { bucketKey, type PlanBucket } from '../../../src/shared/timeframes';
import { server } from '../helpers/server';
import { dayBucket, planBackend, unscheduled } from '../helpers/handlers/planBackend';
import { signedInBoardState } from './boardStore';

const queryUrl = `${location.origin}/v1/teams/active/projects/:projectId/all/query`;
const long = dayBucket(20_000);
const LONG = HEAD_PER_BUCKET + 5;

function seedBoard() {
  planBackend.seed(
    Array.from({ length: LONG }, (_, i) => ({ id: `long-${i}`, description: `Long ${i}`, bucket: long })),
  );
  planBackend.seed([
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
  ]);
}

/** Holds the rest's answer until released; it is then answered from the plan as it is at that moment. */
function holdRest() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(queryUrl, async ({ request }) => {
      const { bucketPage } = (await request.clone().json()) as ProjectItemsQuery;
      if (bucketPage?.part === 'rest') await released;
    }),
  );
  return release;
}

/** Starts loading project-1's board and resolves once its head is shown. */
async function headShown() {
  const { store } = setupStore(signedInBoardState());
  const loaded = store.dispatch(loadBoard('project-1'));
  while (store.getState().items.status !== 'ready') await delay(5);
  const ids = (bucket: PlanBucket) => [...selectBucketIds(store.getState(), bucketKey(bucket))];
  return { store, loaded, ids, idle: () => itemQueuesIdle(store.getState) };
}

const boardOrder = (bucket: PlanBucket) => planBackend.bucketItems('project-1', bucket).map((item) => item.id);

describe('the board in two reads', () => {
  beforeEach(seedBoard);

  it('shows the head with every bucket’s count, then completes with the rest in board order', async () => {
    const release = holdRest();
    const { store, loaded, ids } = await headShown();
    expect(store.getState().items.complete).toBe(false);
    expect(ids(long)).toEqual(boardOrder(long).slice(0, HEAD_PER_BUCKET));
    expect(ids(unscheduled())).toEqual(['a', 'b']);
    expect(selectItemCount(store.getState())).toBe(LONG + 2);
    expect(store.getState().items.unloadedCounts).toEqual({ [bucketKey(long)]: 5 });
    release();
    await loaded;
    expect(store.getState().items.complete).toBe(true);
    expect(ids(long)).toEqual(boardOrder(long));
    expect(selectItemCount(store.getState())).toBe(LONG + 2);
    expect(planBackend.log.filter((entry) => entry.startsWith('query'))).toEqual([
      'query project-1 head',
      'query project-1 rest',
    ]);
  });

  it('reads no rest when the head holds every bucket whole', async () => {
    planBackend.reset();
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta', bucket: long },
    ]);
    const { store, loaded, ids } = await headShown();
    await loaded;
    expect(store.getState().items.complete).toBe(true);
    expect(ids(unscheduled())).toEqual(['a']);
    expect(ids(long)).toEqual(['b']);
    expect(planBackend.log.filter((entry) => entry.startsWith('query'))).toEqual(['query project-1 head']);
  });

  it('keeps a move made between head and rest, and refuses one into a bucket still loading', async () => {
    const release = holdRest();
    // The move's answer comes after the rest's: it is still in flight when the rest is merged.
    let answerMove!: () => void;
    const moveAnswered = new Promise<void>((resolve) => (answerMove = resolve));
    server.use(
      http.put(`${location.origin}/v1/teams/active/projects/:projectId/all/:itemId/project-context`, async () => {
        await moveAnswered;
      }),
    );
    const { store, loaded, ids, idle } = await headShown();
    expect(store.dispatch(moveItemTo('a', long, HEAD_PER_BUCKET))).toBe(false);
    expect(store.getState().board.notice).toMatchObject({ tone: 'info', message: BUCKET_LOADING_MESSAGE });
    expect(store.dispatch(moveItemTo('long-0', unscheduled(), 1))).toBe(true);
    expect(ids(unscheduled())).toEqual(['a', 'long-0', 'b']);
    release();
    await loaded;
    expect(store.getState().items.complete).toBe(true);
    expect(ids(unscheduled())).toEqual(['a', 'long-0', 'b']);
    expect(ids(long)).not.toContain('long-0');
    expect(ids(long)).toHaveLength(LONG - 1);
    answerMove();
    await idle();
    expect(ids(unscheduled())).toEqual(['a', 'long-0', 'b']);
    expect(boardOrder(unscheduled())).toEqual(['a', 'long-0', 'b']);
    // Complete: the long bucket takes moves again (an earlier bucket: at its start).
    expect(store.dispatch(moveItemToBucket('b', long))).toBe(true);
    expect(ids(long)[0]).toBe('b');
    await idle();
  });

  it('reads the board again when the two parts were read at different events', async () => {
    const release = holdRest();
    const { store, loaded } = await headShown();
    planBackend.items.find((item) => item.id === 'a')!.description = 'Alpha, renamed elsewhere';
    planBackend.latestEventId += 1;
    release();
    await loaded;
    await delay(50);
    expect(planBackend.log).toContain('query project-1');
    expect(itemOf(store.getState().items, 'a')?.description).toBe('Alpha, renamed elsewhere');
  });

  it('does not read the board again when nothing changed between the parts', async () => {
    const { loaded } = await headShown();
    await loaded;
    await delay(50);
    expect(planBackend.log).not.toContain('query project-1');
  });

  it('keeps a change heard while loading, and reads the board once it is complete', async () => {
    const release = holdRest();
    const { store, loaded } = await headShown();
    planBackend.items.find((item) => item.id === 'b')!.description = 'Beta, renamed elsewhere';
    store.dispatch(teamChangeReceived({ kind: 'items', projectId: 'project-1', itemIds: ['b'] }));
    // Longer than the live listener's wait: it found the board incomplete.
    await delay(300);
    expect(planBackend.log).not.toContain('query project-1');
    expect(store.getState().items.changeMissed).toBe(true);
    release();
    await loaded;
    await delay(50);
    expect(planBackend.log).toContain('query project-1');
    expect(itemOf(store.getState().items, 'b')?.description).toBe('Beta, renamed elsewhere');
  });

  it('keeps the head when the rest fails, and completes on retry', async () => {
    let failed = false;
    server.use(
      http.post(queryUrl, async ({ request }) => {
        const { bucketPage } = (await request.clone().json()) as ProjectItemsQuery;
        if (bucketPage?.part !== 'rest' || failed) return undefined;
        failed = true;
        return HttpResponse.json({ result: 'Failed', message: 'Database unavailable' }, { status: 500 });
      }),
    );
    const { store, loaded, ids } = await headShown();
    await loaded;
    expect(store.getState().items).toMatchObject({ status: 'ready', complete: false });
    expect(store.getState().items.restError).toMatch(/Database unavailable/);
    expect(ids(long)).toHaveLength(HEAD_PER_BUCKET);
    await store.dispatch(retryBoardRest());
    expect(store.getState().items).toMatchObject({ complete: true, restError: null });
    expect(ids(long)).toEqual(boardOrder(long));
  });
});
