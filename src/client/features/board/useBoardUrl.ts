import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { RootState } from '../../app/store';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectBoardStatus, selectItemById } from '../items/itemsSelectors';
import { allItemsIn } from '../items/itemShards';
import {
  boardQueryOpened,
  itemPanelClosed,
  itemPanelOpened,
  selectBoardFilters,
  selectOpenItemId,
  selectSearchText,
} from './boardSlice';
import { boardQuery, parseBoardQuery } from './boardQuery';
import { itemLinkDismissed, itemLinkOpened } from './itemLinkSlice';

/** The link to an item: its panel open on the board of its project. */
export const itemPath = (externalId: string) => `/items/${encodeURIComponent(externalId)}`;

/** The link to a project's board. */
export const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

/**
 * Keeps the board and its URL in step, both ways, so what a user sees can be shared and Back works:
 * `/items/{key}` opens that item's panel (Back closes it; closing it returns to the board's URL), and
 * the filters and search live in the query string (replaced as they change, so typing does not fill
 * the history).
 */
export function useBoardUrl() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { itemKey } = useParams();
  const status = useAppSelector(selectBoardStatus);
  const filters = useAppSelector(selectBoardFilters);
  const searchText = useAppSelector(selectSearchText);
  const openItemId = useAppSelector(selectOpenItemId);
  const openItem = useAppSelector((state) => (openItemId ? selectItemById(state, openItemId) : undefined));
  const openKey = openItem?.externalId || null;
  const previousItemKey = useRef<string | undefined>(undefined);
  const store = useStore<RootState>();

  // The query string → the filters (on load, and on Back/Forward).
  const query = boardQuery(filters, searchText, location.search);
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (location.search === applied.current) return;
    applied.current = location.search;
    const opened = parseBoardQuery(location.search);
    if (boardQuery(opened.filters, opened.searchText, location.search) !== query) dispatch(boardQueryOpened(opened));
    // Only the URL's own changes are read here; the filters' changes are written by the next effect.
  }, [location.search, dispatch]);

  // The filters → the query string.
  useEffect(() => {
    if (query === location.search || applied.current !== location.search) return;
    applied.current = query;
    navigate({ pathname: location.pathname, search: query }, { replace: true, state: location.state });
  }, [query, location.pathname, location.search, location.state, navigate]);

  // The URL's item → the open panel; an item the board has not loaded is looked for on the server.
  useEffect(() => {
    const left = previousItemKey.current !== undefined && itemKey === undefined;
    previousItemKey.current = itemKey;
    if (left) {
      if (openItemId) dispatch(itemPanelClosed());
      dispatch(itemLinkDismissed());
      return;
    }
    if (!itemKey || status !== 'ready' || openKey === itemKey) return;
    const wanted = itemKey.toUpperCase();
    const state = store.getState();
    const found = allItemsIn(state.items.shards).find((item) => item.externalId.toUpperCase() === wanted);
    if (found) dispatch(itemPanelOpened(found.id));
    // Looked for already (or said why not): the board reloading after a failed switch does not ask again.
    else if (state.itemLink.locating !== itemKey && state.itemLink.problem?.key !== itemKey) {
      dispatch(itemLinkOpened(itemKey));
    }
    // Runs when the URL or the board changes, not for every item edit.
  }, [itemKey, status]);

  // The open panel → the URL.
  // (Closing the panel leaves the item's URL itself: see ItemPanel.)
  useEffect(() => {
    // Pushed when the panel opens from the board, so Back closes it.
    if (openKey && openKey !== itemKey) {
      navigate({ pathname: itemPath(openKey), search: location.search }, { replace: Boolean(itemKey) });
    }
  }, [openKey]);
}
