import { refreshBoard } from '../items/itemCommands';
import type { AppStartListening } from '../../app/listeners';
import { isAnyOf } from '@reduxjs/toolkit';
import { projectsApi } from '../../api/projects';
import { userAndTeamApi } from '../../api/userAndTeam';
import { loadBoard } from '../items/itemCommands';

export function registerProjectsListeners(startListening: AppStartListening) {
  // The board shows the new active project once the server has stored it (spec §4).
  startListening({
    matcher: projectsApi.endpoints.setActiveProject.matchFulfilled,
    effect: async (action, listenerApi) => {
      await listenerApi.dispatch(loadBoard(action.payload.newActiveProject.id));
    },
  });

  // The context names the projects and the active one; after a rename or a deletion (which may have
  // picked another active project) it is read again.
  startListening({
    matcher: isAnyOf(
      projectsApi.endpoints.updateProject.matchFulfilled,
      projectsApi.endpoints.deleteProject.matchFulfilled,
    ),
    effect: async (_action, listenerApi) => {
      const read = listenerApi.dispatch(
        userAndTeamApi.endpoints.getCoreApplicationContext.initiate(undefined, {
          forceRefetch: true,
          subscribe: false,
        }),
      );
      await read;
    },
  });

  // Removing a milestone moves its items to Unscheduled on the server: the board shows that at once.
  startListening({
    matcher: projectsApi.endpoints.updateProject.matchFulfilled,
    effect: async (action, listenerApi) => {
      const { items } = listenerApi.getState();
      if (action.meta.arg.originalArgs.id !== items.projectId) return;
      await listenerApi.dispatch(refreshBoard());
    },
  });
}
