/**
 * What a card's keys and clicks do to the selection, and what the live region says about it. Loaded on
 * the first selection (the board's first JavaScript carries none of it), with the listener that drops
 * selected ids leaving the board.
 */
import { addListener } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import { itemOf } from '../items/itemsSlice';
import type { BoardNavigation } from '../board/boardNavigation';
import { selectionSet } from './selectionSlice';

const missing = (state: RootState) => state.selection.ids.filter((id) => !itemOf(state.items, id));

/**
 * Whatever takes a selected card off the board (another member's delete, a refresh, a project switch)
 * drops it from the selection. Cheap on every action: an empty selection is checked in no time.
 */
const pruneListener = addListener.withTypes<RootState, AppDispatch>()({
  predicate: (_action, state) => state.selection.ids.length > 0 && missing(state).length > 0,
  effect: (_action, listenerApi) => {
    const { selection } = listenerApi.getState();
    const gone = new Set(missing(listenerApi.getState()));
    const anchorId = selection.anchorId && !gone.has(selection.anchorId) ? selection.anchorId : null;
    listenerApi.dispatch(selectionSet({ ids: selection.ids.filter((id) => !gone.has(id)), anchorId }));
  },
});

export type SelectionInput =
  /** S, Ctrl/⌘-click: this card in or out. */
  | { kind: 'toggle'; id: string; name: string }
  /** Shift-click: every card of the column from the last one picked to this one. */
  | { kind: 'range'; id: string; columnIds: readonly string[] };

/** Adds ids (once each) and sets where the next range starts. */
function add(state: RootState, ids: readonly string[], anchorId: string) {
  const current = state.selection.ids;
  return selectionSet({ ids: [...current, ...ids.filter((id) => !current.includes(id))], anchorId });
}

export function selectionInput(input: SelectionInput, navigation: BoardNavigation) {
  const { dispatch, getState } = navigation.store;
  // Added once per store: the same listener added again is kept once.
  dispatch(pruneListener);
  const { ids, anchorId } = getState().selection;
  const { id } = input;
  let said = '';
  if (input.kind === 'toggle') {
    const selected = ids.includes(id);
    dispatch(selectionSet({ ids: selected ? ids.filter((other) => other !== id) : [...ids, id], anchorId: id }));
    said = `${input.name} ${selected ? 'deselected' : 'selected'}. `;
  } else {
    const from = anchorId ? input.columnIds.indexOf(anchorId) : -1;
    const to = input.columnIds.indexOf(id);
    const [low, high] = from < to ? [from, to] : [to, from];
    const run = from < 0 || to < 0 ? [id] : input.columnIds.slice(low, high + 1);
    dispatch(add(getState(), run, from < 0 ? id : anchorId!));
  }
  navigation.announce(`${said}${getState().selection.ids.length} selected.`);
}
