import { createListenerMiddleware, isAnyOf, type TypedStartListening } from '@reduxjs/toolkit';
import { api } from '../api/apiSlice';
import { authApi } from '../api/auth';
import { registerItemsListeners } from '../features/items/itemsListeners';
import { registerProjectsListeners } from '../features/projects/projectsListeners';
import type { AppDispatch, RootState } from './store';

export const listenerMiddleware = createListenerMiddleware();
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
const startAppListening = listenerMiddleware.startListening as AppStartListening;

/** After sign-out, nothing cached for the previous user may be shown to the next one. */
function registerSessionListeners(startListening: AppStartListening) {
  startListening({
    matcher: isAnyOf(authApi.endpoints.signOut.matchFulfilled, authApi.endpoints.signOut.matchRejected),
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
}

/** Each feature registers its listeners here. */
export function registerListeners(startListening: AppStartListening = startAppListening) {
  registerSessionListeners(startListening);
  registerItemsListeners(startListening);
  registerProjectsListeners(startListening);
}
