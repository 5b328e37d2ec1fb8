import { http } from 'msw';
import { REQUEST_TIMEOUT_MS } from '../../../src/client/api/envelopeBaseQuery';
import { moveItemToBucket } from '../../../src/client/features/items/itemCommands';
import { selectBoardNotice } from '../../../src/client/features/board/boardSlice';
import { server } from '../helpers/server';
import { dayBucket, planBackend, unscheduled } from '../helpers/handlers/planBackend';
import { boardStore } from './boardStore';
import type { PlanBucket } from '../../../src/shared/timeframes';

const moveUrl = `${location.origin}/v1/teams/active/projects/:projectId/all/:itemId/project-context`;

const serverBucket = (bucket: PlanBucket) =>
  planBackend.bucketItems('project-1', bucket).map((item) => item.description);

afterEach(() => jest.useRealTimers());

it('a call the server never answers fails after the time-out with a message, and the project queue goes on', async () => {
  planBackend.seed([
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
  ]);
  const { store, idle, ids } = await boardStore();
  let hung = 0;
  server.use(
    http.put(moveUrl, async ({ params }) => {
      if (params.itemId !== 'a') return undefined; // the plan backend answers the other moves
      hung++;
      await new Promise(() => {}); // the first move's answer never comes
    }),
  );
  // Only the clock that ends the call is fake: msw and fetch run as they do.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  store.dispatch(moveItemToBucket('a', dayBucket(20_000)));
  store.dispatch(moveItemToBucket('b', dayBucket(20_001)));
  await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1_000);
  expect(hung).toBe(1);
  // Still waiting: the second move is queued behind the first.
  expect(serverBucket(dayBucket(20_001))).toEqual([]);
  await jest.advanceTimersByTimeAsync(2_000);
  jest.useRealTimers();
  await idle();
  expect(selectBoardNotice(store.getState())?.message).toMatch(/Couldn’t move AE-1: Baton did not answer in time/);
  expect(ids(unscheduled())).toEqual(['a']);
  expect(ids(dayBucket(20_001))).toEqual(['b']);
  expect(serverBucket(dayBucket(20_001))).toEqual(['Beta']);
});
