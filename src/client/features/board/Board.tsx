import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import { useSearchProjectItemsQuery } from '../../api/projects';
import { useGetSubscriptionQuery } from '../../api/account';
import { loadBoard, retryBoardRest } from '../items/itemCommands';
import {
  selectBoardComplete,
  selectBoardError,
  selectBoardRestError,
  selectBoardProjectId,
  selectBoardStatus,
  selectBucketIdMap,
  selectItemCount,
} from '../items/itemsSelectors';
import { selectActiveProjectId, selectBoardMilestones, selectActiveProject } from '../projects/projectsSelectors';
import { selectSelectionCount } from '../bulk/selectionSlice';
import { matchesTimeframeFilter } from '../../../shared/timeframes';
import { Alert, Button, Spinner } from '../../ui';
import { filtersCleared, selectBoardFilters, selectOpenItemId, selectSearchText } from './boardSlice';
import { useShownItemCount } from './shownItemCount';
import { boardColumns, moveTargets, todayIndex, type BoardColumn } from './boardColumns';
import { BoardLayoutContext, type BoardLayout } from './boardLayout';
import { BoardNavigation, BoardNavigationContext } from './boardNavigation';
import { useFocusOnArrival } from './focusOnArrival';
import { PlainBucketColumn } from './BucketColumn';
import { itemFilter, ItemFilterContext } from './itemFilter';
import { BoardToolbar } from './BoardToolbar';
import { BoardNotice } from './BoardNotice';
import { Announcer } from './Announcer';
import { markBoardComplete, markBoardReady } from './boardPerf';
import { useAfterBoardHead } from './useAfterBoardHead';
import { loadBoardDnd, loadedBoardDnd, type BoardDndModule } from './dnd/loadBoardDnd';
import styles from './Board.module.css';

const ItemPanel = lazy(() => import(/* webpackChunkName: "item-panel" */ './ItemPanel'));
// Loaded on the first selection: the board's first JavaScript carries none of it.
const BulkBar = lazy(() => import(/* webpackChunkName: "menus" */ '../bulk/BulkBar'));

type AppStore = { getState: () => RootState; dispatch: AppDispatch };

/** The occupied bucket keys as one string, so the column layout is rebuilt only when that set changes. */
const selectOccupiedKeys = (state: RootState) => Object.keys(selectBucketIdMap(state)).sort().join('|');

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The planning board of the active project: buckets by scope and timeframe, cards in plan order. */
export function Board() {
  const dispatch = useAppDispatch();
  const store = useStore() as unknown as AppStore;
  const activeProjectId = useAppSelector(selectActiveProjectId);
  const boardProjectId = useAppSelector(selectBoardProjectId);
  const status = useAppSelector(selectBoardStatus);
  const error = useAppSelector(selectBoardError);
  const complete = useAppSelector(selectBoardComplete);
  const restError = useAppSelector(selectBoardRestError);
  const itemCount = useAppSelector(selectItemCount);
  const milestones = useAppSelector(selectBoardMilestones);
  const occupiedKeys = useAppSelector(selectOccupiedKeys);
  const filters = useAppSelector(selectBoardFilters);
  const searchText = useAppSelector(selectSearchText);
  const openItemId = useAppSelector(selectOpenItemId);
  const projectName = useAppSelector(selectActiveProject)?.description;
  const selectionCount = useAppSelector(selectSelectionCount);
  const [navigation] = useState(() => new BoardNavigation(store));
  // The subscription says how many items a project may hold (checked before each create); read once the first items are in.
  const afterBoardHead = useAfterBoardHead();
  useGetSubscriptionQuery(undefined, { skip: !afterBoardHead });

  useEffect(() => {
    if (!activeProjectId || status === 'switching') return;
    if (boardProjectId !== activeProjectId || status === 'idle') void dispatch(loadBoard(activeProjectId));
  }, [activeProjectId, boardProjectId, status, dispatch]);

  // Drag and drop arrives while the items load (its own chunk, fetched in parallel).
  const [dndModule, setDndModule] = useState(loadedBoardDnd);
  useEffect(() => {
    if (!dndModule) void loadBoardDnd().then(setDndModule);
  }, [dndModule]);

  useEffect(() => {
    if (status === 'ready' && dndModule) markBoardReady();
  }, [status, boardProjectId, dndModule]);

  useEffect(() => {
    if (status === 'ready' && complete && dndModule) markBoardComplete();
  }, [status, complete, boardProjectId, dndModule]);

  const query = useDebounced(searchText.trim(), 200);
  const search = useSearchProjectItemsQuery(
    { projectId: activeProjectId ?? '', query },
    { skip: !activeProjectId || query.length === 0 },
  );
  const searchIds = useMemo(
    () => (query.length > 0 && search.data ? new Set(search.data.items.map((item) => item.id)) : null),
    [query, search.data],
  );
  const filter = useMemo(
    () => itemFilter(filters.kind, filters.handoff, searchIds),
    [filters.kind, filters.handoff, searchIds],
  );

  const layout = useMemo<BoardLayout | null>(() => {
    if (!activeProjectId) return null;
    const today = todayIndex();
    const all = boardColumns(occupiedKeys ? occupiedKeys.split('|') : [], milestones, today);
    const groups = all
      .filter((group) => filters.scope === null || group.scope === filters.scope)
      .map((group) => ({
        ...group,
        columns: group.columns.filter((column) =>
          matchesTimeframeFilter(column.bucket.assignedTimeframe, filters.timeframe, milestones),
        ),
      }))
      .filter((group) => group.columns.length > 0);
    const columnByKey = new Map<string, BoardColumn>(groups.flatMap((group) => group.columns.map((c) => [c.key, c])));
    return {
      projectId: activeProjectId,
      groups,
      moveTargets: moveTargets(all, today, milestones),
      milestones,
      columnByKey,
    };
  }, [activeProjectId, occupiedKeys, milestones, filters.scope, filters.timeframe]);

  const shownKeys = useMemo(() => new Set(layout?.columnByKey.keys() ?? []), [layout]);
  const shownCount = useShownItemCount(shownKeys, filter);
  const filtered = filter !== null || filters.scope !== null || filters.timeframe !== undefined;

  useLayoutEffect(() => {
    navigation.layout = layout;
    navigation.order = layout ? [...layout.columnByKey.keys()] : [];
  }, [navigation, layout]);
  useFocusOnArrival(navigation, status === 'ready' && layout !== null);

  if (!activeProjectId || !layout) return null;
  const Column = dndModule?.SortableBucketColumn ?? PlainBucketColumn;
  // The columns appear once drag and drop is in place too: swapping it in under shown columns would
  // remount them, and a quick-add form opened meanwhile (with what was typed) would be lost.
  const loading = status !== 'failed' && (status !== 'ready' || !dndModule);

  return (
    <BoardNavigationContext.Provider value={navigation}>
      <BoardLayoutContext.Provider value={layout}>
        <ItemFilterContext.Provider value={filter}>
          <section className={styles.board} aria-label="Board" aria-busy={loading || undefined}>
            <h1 className={styles.visuallyHidden}>{projectName ? `${projectName} board` : 'Board'}</h1>
            <BoardToolbar
              itemCount={itemCount}
              shownCount={filtered ? shownCount : null}
              searching={search.isFetching}
            />
            <BoardNotice />
            {selectionCount > 0 && status === 'ready' && (
              <Suspense fallback={null}>
                <BulkBar />
              </Suspense>
            )}
            {status === 'ready' && restError !== null && (
              <div className={styles.message}>
                <Alert>Baton could not load the rest of this board: {restError}</Alert>
                <Button variant="primary" onClick={() => void dispatch(retryBoardRest())}>
                  Try again
                </Button>
              </div>
            )}
            {status === 'failed' ? (
              <div className={styles.message}>
                <Alert>Baton could not load this board: {error}</Alert>
                <Button variant="primary" onClick={() => void dispatch(loadBoard(activeProjectId))}>
                  Try again
                </Button>
              </div>
            ) : loading ? (
              <div className={styles.message}>
                <Spinner label="Loading the board…" />
              </div>
            ) : (
              <DndRoot module={dndModule} navigation={navigation}>
                {itemCount === 0 ? (
                  <p className={styles.hint}>
                    This project has no items yet. Add one with <span aria-hidden="true">+</span>
                    <span className={styles.visuallyHidden}>the Add item button</span> on any bucket.
                  </p>
                ) : (
                  filtered &&
                  shownCount === 0 && (
                    <p className={styles.hint} role="status">
                      No matches —{' '}
                      <button type="button" className={styles.linkButton} onClick={() => dispatch(filtersCleared())}>
                        clear filters
                      </button>
                    </p>
                  )
                )}
                <div
                  className={styles.scroller}
                  data-testid="board-columns"
                  data-board-scroller=""
                  hidden={filtered && shownCount === 0 && itemCount > 0}
                >
                  {layout.groups.map((group) => (
                    <div key={group.scope} className={styles.group} role="group" aria-label={group.label}>
                      <h2 className={styles.groupLabel}>{group.label}</h2>
                      <div className={styles.columns}>
                        {group.columns.map((column) => (
                          <Column key={column.key} column={column} />
                        ))}
                      </div>
                    </div>
                  ))}
                </div>
              </DndRoot>
            )}
            <Announcer navigation={navigation} />
            {openItemId && (
              <Suspense fallback={null}>
                <ItemPanel id={openItemId} />
              </Suspense>
            )}
          </section>
        </ItemFilterContext.Provider>
      </BoardLayoutContext.Provider>
    </BoardNavigationContext.Provider>
  );
}

/** Wraps the columns in the drag-and-drop context once its code has loaded. */
function DndRoot({
  module,
  navigation,
  children,
}: {
  module: BoardDndModule | null;
  navigation: BoardNavigation;
  children: ReactNode;
}) {
  if (!module) return <>{children}</>;
  return <module.BoardDndProvider navigation={navigation}>{children}</module.BoardDndProvider>;
}
