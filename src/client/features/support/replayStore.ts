/**
 * The snapshot viewer's own store: the app's reducers, preloaded with the snapshot's state, and no
 * listeners (they are what talk to the server). Two locks keep it read-only: the base query answers
 * from the snapshot and never fetches (replayNetwork.ts), and the write requests the board makes
 * optimistically are dropped before they reach a reducer, so nothing on screen changes from a
 * keyboard shortcut or a drag that slips past the disabled controls.
 */
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { api } from '../../api/apiSlice';
import { rootReducer, type RootState } from '../../app/store';
import { devToolsOptions } from '../../app/devTools';
import {
  completionToggled,
  itemCreateRequested,
  itemDeleteRequested,
  itemMoveRequested,
  itemUpdateRequested,
} from '../items/itemsSlice';
import { projectEditRequested } from '../projects/projectActions';
import type { ReplayExtra } from '../../api/replayAnswer';
import type { SupportSnapshot } from './snapshot';

const refusedTypes = new Set<string>([
  itemCreateRequested.type,
  itemUpdateRequested.type,
  completionToggled.type,
  itemDeleteRequested.type,
  itemMoveRequested.type,
  projectEditRequested.type,
]);

/** True for an action a read-only replay drops: a write request, or a QA intent (features/qa). */
export function isRefusedInReplay(action: unknown): boolean {
  const type = (action as { type?: unknown } | null)?.type;
  return typeof type === 'string' && (refusedTypes.has(type) || type.startsWith('intent/'));
}

const refuseWrites: Middleware = () => (next) => (action) => (isRefusedInReplay(action) ? undefined : next(action));

export function setupReplayStore(snapshot: SupportSnapshot) {
  const extra: ReplayExtra = { replaySnapshot: { queries: snapshot.state.api.queries } };
  // The snapshot holds the slices the board reads; the others start empty.
  const preloadedState = snapshot.state as unknown as Partial<RootState>;
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    devTools: { ...devToolsOptions, name: 'Baton snapshot (read-only)' },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } })
        .prepend(refuseWrites)
        .concat(api.middleware),
  });
}

export type ReplayStore = ReturnType<typeof setupReplayStore>;
