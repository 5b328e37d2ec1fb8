import { setupStore, type RootState } from '../../../src/client/app/store';
import { loadBoard } from '../../../src/client/features/items/itemCommands';
import { itemQueuesIdle } from '../../../src/client/features/items/itemsListeners';
import { selectBucketIds } from '../../../src/client/features/items/itemsSelectors';
import { bucketKey, type PlanBucket } from '../../../src/shared/timeframes';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { sessionState } from '../sites/renderApp';
import { itemOf } from '../../../src/client/features/items/itemsSlice';

/** The state of a signed-in user whose context (and projects slice) is the mock backend's, which it signs in. */
export function signedInBoardState(): Partial<RootState> {
  mockBackend.signedIn = true;
  const context = structuredClone(mockBackend.context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

/** A signed-in store with the board of project-1 loaded from the plan backend. */
export async function boardStore() {
  const { store } = setupStore(signedInBoardState());
  await store.dispatch(loadBoard('project-1'));
  const idle = () => itemQueuesIdle(store.getState);
  const ids = (bucket: PlanBucket) => [...selectBucketIds(store.getState(), bucketKey(bucket))];
  const item = (id: string) => itemOf(store.getState().items, id);
  return { store, idle, ids, item };
}
