import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { api } from '../api/apiSlice';
import { callsSlice } from '../features/calls/callsSlice';
import { coreContextSlice } from '../features/session/coreContextSlice';
import { quotaErrorSlice } from '../features/quota/quotaErrorSlice';
import { teamEditsSlice } from '../features/teams/teamEditsSlice';
import { planningConflictsSlice } from '../features/teams/planningConflictsSlice';
import { teamSlice } from '../features/teams/teamSlice';
import { invitesSlice } from '../features/members/invitesSlice';
import { projectsSlice } from '../features/projects/projectsSlice';
import { itemsSlice } from '../features/items/itemsSlice';
import { itemEditsSlice } from '../features/items/itemEditsSlice';
import { boardSlice } from '../features/board/boardSlice';
import { itemLinkSlice } from '../features/board/itemLinkSlice';
import { undoSlice } from '../features/undo/undoSlice';
import { selectionSlice } from '../features/bulk/selectionSlice';
import { persistedCoreContextReducer } from './persist';
import { listenerMiddleware, registerListeners } from './listeners';
import { devToolsOptions } from './devTools';
import { recentActionsMiddleware } from '../features/support/recentActions';

export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [coreContextSlice.name]: persistedCoreContextReducer,
  [callsSlice.name]: callsSlice.reducer,
  [quotaErrorSlice.name]: quotaErrorSlice.reducer,
  [teamSlice.name]: teamSlice.reducer,
  [teamEditsSlice.name]: teamEditsSlice.reducer,
  [planningConflictsSlice.name]: planningConflictsSlice.reducer,
  [projectsSlice.name]: projectsSlice.reducer,
  [itemsSlice.name]: itemsSlice.reducer,
  [itemEditsSlice.name]: itemEditsSlice.reducer,
  [boardSlice.name]: boardSlice.reducer,
  [itemLinkSlice.name]: itemLinkSlice.reducer,
  [undoSlice.name]: undoSlice.reducer,
  [selectionSlice.name]: selectionSlice.reducer,
  [invitesSlice.name]: invitesSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

let listenersRegistered = false;

/** A new store (tests build one per test); the listener middleware is shared, so listeners register once. */
export function setupStore(preloadedState?: Partial<RootState>) {
  if (!listenersRegistered) {
    registerListeners();
    listenersRegistered = true;
  }
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    devTools: devToolsOptions,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(api.middleware, recentActionsMiddleware),
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof setupStore>['store'];
export type AppDispatch = AppStore['dispatch'];
