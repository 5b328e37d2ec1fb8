/** What a card does to the selection: each answers how many cards are selected after it, for the announcement. */
import type { AppDispatch, RootState } from '../../app/store';
import { selectionCleared, selectionExtended, selectionToggled } from './selectionSlice';

type Thunk<T> = (dispatch: AppDispatch, getState: () => RootState) => T;

const countOf = (getState: () => RootState) => getState().selection.ids.length;

export function toggleSelected(id: string): Thunk<number> {
  return (dispatch, getState) => {
    dispatch(selectionToggled(id));
    return countOf(getState);
  };
}

/**
 * Shift-click: every card of the column from the last one picked to this one; without a picked card in
 * this column, just this one.
 */
export function selectRangeTo(id: string, columnIds: readonly string[]): Thunk<number> {
  return (dispatch, getState) => {
    const anchor = getState().selection.anchorId;
    const from = anchor ? columnIds.indexOf(anchor) : -1;
    const to = columnIds.indexOf(id);
    if (from < 0 || to < 0 || !anchor) return dispatch(toggleSelected(id));
    const [low, high] = from < to ? [from, to] : [to, from];
    dispatch(selectionExtended({ ids: columnIds.slice(low, high + 1), anchorId: anchor }));
    return countOf(getState);
  };
}

/** Shift+↑/↓: this card and the next one both selected. */
export function extendSelection(id: string, next: string): Thunk<number> {
  return (dispatch, getState) => {
    dispatch(selectionExtended({ ids: [id, next], anchorId: next }));
    return countOf(getState);
  };
}

/** Esc: answers whether there was a selection to clear. */
export function clearSelection(): Thunk<boolean> {
  return (dispatch, getState) => {
    if (countOf(getState) === 0) return false;
    dispatch(selectionCleared());
    return true;
  };
}
