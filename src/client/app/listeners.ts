import { createListenerMiddleware, isAnyOf, type TypedStartListening } from '@reduxjs/toolkit';
import { api } from '../api/apiSlice';
import { authApi } from '../api/auth';
import { isUnauthorizedAnswer, sessionEnded, type SessionEndReason } from '../features/session/sessionEnded';
import { registerItemsListeners } from '../features/items/itemsListeners';
import { registerProjectsListeners } from '../features/projects/projectsListeners';
import { registerProjectSettingsListener } from '../features/projects/saveProjectSettings';
import { registerTeamFieldListener } from '../features/teams/editTeamField';
import { registerAgentDraftListener } from '../features/agent/saveAgentDraft';
import { registerLiveListeners } from '../features/live/liveListeners';
import { registerCallsListeners } from '../features/calls/callsListeners';
import { registerQuotaListeners } from '../features/quota/quotaListeners';
import { clearUserCaches } from '../serviceWorker/clearUserCaches';
import { signedOutInAnotherTab, tellOtherTabsSignedOut } from '../features/session/otherTabs';
import { registerQaListeners } from '../features/qa/qaListeners';
import { registerItemLinkListeners } from '../features/board/itemLinkListeners';
import { registerBoardPrefetch } from '../features/board/boardPrefetch';
import { registerUndoListeners } from '../features/undo/undoListeners';
import type { AppDispatch, RootState } from './store';

export const listenerMiddleware = createListenerMiddleware();
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
const startAppListening = listenerMiddleware.startListening as AppStartListening;

/**
 * After sign-out or a 401, nothing loaded for the previous user may be shown to the next one: the
 * slices reset on `sessionEnded`, the API cache is dropped and so is any cache but the service worker's
 * precache (which holds only the bundle). A 401 while already signed out (the
 * sign-in screen's own calls) has nothing left to clear. A sign-out is told to the browser's other tabs,
 * which end their session the same way.
 */
function registerSessionListeners(startListening: AppStartListening) {
  const endSession = (reason: SessionEndReason, dispatch: AppDispatch) => {
    dispatch(sessionEnded({ reason }));
    dispatch(api.util.resetApiState());
    void clearUserCaches();
  };
  startListening({
    matcher: isAnyOf(authApi.endpoints.signOut.matchFulfilled, authApi.endpoints.signOut.matchRejected),
    effect: (_action, listenerApi) => {
      endSession('signedOut', listenerApi.dispatch);
      tellOtherTabsSignedOut();
    },
  });
  startListening({
    predicate: (action, state) => signedOutInAnotherTab.match(action) && state.coreContext.status !== 'signedOut',
    effect: (_action, listenerApi) => endSession('signedOut', listenerApi.dispatch),
  });
  startListening({
    predicate: (action, state) => isUnauthorizedAnswer(action) && state.coreContext.status !== 'signedOut',
    effect: (_action, listenerApi) => endSession('unauthorized', listenerApi.dispatch),
  });
}

/**
 * Each feature registers its listeners here. The cross-cutting flows live here, not in components or
 * reducers: 401 logout, the in-flight counter and blocking flag, quota-error routing, and the per-item
 * and per-project queues with their rollback.
 */
export function registerListeners(startListening: AppStartListening = startAppListening) {
  registerSessionListeners(startListening);
  registerCallsListeners(startListening);
  registerQuotaListeners(startListening);
  registerItemsListeners(startListening);
  registerProjectsListeners(startListening);
  registerProjectSettingsListener(startListening);
  registerTeamFieldListener(startListening);
  registerAgentDraftListener(startListening);
  registerLiveListeners(startListening);
  registerQaListeners(startListening);
  registerItemLinkListeners(startListening);
  registerBoardPrefetch(startListening);
  registerUndoListeners(startListening);
}
