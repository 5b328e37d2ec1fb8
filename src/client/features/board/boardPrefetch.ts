/**
 * A board page's first read starts as soon as the context names the active project, alongside the
 * board's own code (drag and drop's chunk too), instead of once that code has loaded and the board has
 * mounted (the board then finds its load under way and does not start another).
 */
import type { AppStartListening } from '../../app/listeners';
import { userAndTeamApi } from '../../api/userAndTeam';
import { loadBoard } from '../items/itemCommands';
import { opensOnActiveBoard } from './boardPaths';
import { loadBoardDnd } from './dnd/loadBoardDnd';

export function registerBoardPrefetch(startListening: AppStartListening) {
  startListening({
    matcher: userAndTeamApi.endpoints.getCoreApplicationContext.matchFulfilled,
    effect: async (action, listenerApi) => {
      const projectId = action.payload.userContext.activeProjectId;
      if (!projectId || listenerApi.getState().items.status !== 'idle') return;
      if (!opensOnActiveBoard(window.location.pathname)) return;
      void loadBoardDnd(); // the board shows once its drag and drop is in too (Board.tsx)
      await listenerApi.dispatch(loadBoard(projectId));
    },
  });
}
