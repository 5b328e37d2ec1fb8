/**
 * Opens a linked item wherever it is: deeper in its bucket than the board's first page (once the rest is
 * in), in another project (the board switches to it), completed or out of scope; or says why it cannot.
 */
import type { AppStartListening } from '../../app/listeners';
import type { RootState } from '../../app/store';
import { itemsApi } from '../../api/items';
import { projectsApi } from '../../api/projects';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { allItemsIn } from '../items/itemShards';
import { selectActiveProjectId } from '../projects/projectsSelectors';
import { itemPanelOpened } from './boardSlice';
import { itemLinkOpened, itemLinkSettled } from './itemLinkSlice';

const boardComplete = (state: RootState, projectId: string) =>
  state.items.projectId === projectId && state.items.status === 'ready' && state.items.complete;

const loadedItemId = (state: RootState, key: string) =>
  allItemsIn(state.items.shards).find((item) => item.externalId.toUpperCase() === key.toUpperCase())?.id;

export function registerItemLinkListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: itemLinkOpened,
    effect: async (action, listenerApi) => {
      // Only the newest link counts.
      listenerApi.cancelActiveListeners();
      const key = action.payload;
      const request = listenerApi.dispatch(
        itemsApi.endpoints.locateItemByKey.initiate(key, { subscribe: false, forceRefetch: true }),
      );
      let location;
      try {
        location = await listenerApi.pause(request.unwrap());
      } catch (error) {
        listenerApi.dispatch(itemLinkSettled({ key, reason: 'failed', message: errorMessage(error) }));
        return;
      }
      if (location.found === 'otherTeam') {
        const { teamId, teamName } = location;
        listenerApi.dispatch(itemLinkSettled({ key, reason: 'otherTeam', teamId, teamName }));
        return;
      }
      if (location.found !== 'item') {
        listenerApi.dispatch(itemLinkSettled({ key, reason: location.found }));
        return;
      }
      const activeProjectId = selectActiveProjectId(listenerApi.getState());
      const { projectIds } = location.item;
      const projectId = activeProjectId && projectIds.includes(activeProjectId) ? activeProjectId : projectIds[0];
      if (!projectId) {
        listenerApi.dispatch(itemLinkSettled({ key, reason: 'unknown' }));
        return;
      }
      if (projectId !== activeProjectId) {
        try {
          await listenerApi.pause(
            listenerApi
              .dispatch(projectsApi.endpoints.setActiveProject.initiate({ newActiveProjectId: projectId }))
              .unwrap(),
          );
        } catch (error) {
          listenerApi.dispatch(itemLinkSettled({ key, reason: 'failed', message: errorMessage(error) }));
          return;
        }
      }
      // Every item of the project is on the board once its rest is in.
      if (!boardComplete(listenerApi.getState(), projectId) || !loadedItemId(listenerApi.getState(), key)) {
        await listenerApi.condition(
          (_action, state) => boardComplete(state, projectId) && loadedItemId(state, key) !== undefined,
          30_000,
        );
      }
      const loaded = loadedItemId(listenerApi.getState(), key);
      if (!loaded) {
        // Complete without it: deleted (or moved off the project) meanwhile.
        const message = 'The board did not finish loading. Try again in a moment.';
        const complete = boardComplete(listenerApi.getState(), projectId);
        listenerApi.dispatch(
          itemLinkSettled(complete ? { key, reason: 'deleted' } : { key, reason: 'failed', message }),
        );
        return;
      }
      listenerApi.dispatch(itemLinkSettled(null));
      listenerApi.dispatch(itemPanelOpened(loaded));
    },
  });
}
