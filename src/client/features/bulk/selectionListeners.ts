import type { AppStartListening } from '../../app/listeners';
import type { RootState } from '../../app/store';
import { itemOf } from '../items/itemsSlice';
import { selectionPruned } from './selectionSlice';

const missing = (state: RootState) => state.selection.ids.filter((id) => !itemOf(state.items, id));

/**
 * Whatever takes a selected card off the board (another member's delete, a refresh, a project switch)
 * drops it from the selection. Cheap on every action: an empty selection is checked in no time.
 */
export function registerSelectionListeners(startListening: AppStartListening) {
  startListening({
    predicate: (_action, state) => state.selection.ids.length > 0 && missing(state).length > 0,
    effect: (_action, listenerApi) => {
      const state = listenerApi.getState();
      const gone = new Set(missing(state));
      listenerApi.dispatch(selectionPruned(state.selection.ids.filter((id) => !gone.has(id))));
    },
  });
}
