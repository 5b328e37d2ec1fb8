import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { draftLabels } from '../agent/draftLabels';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ItemKinds, kindLabel, isItemKind, workflowLabels } from '../items/itemModel';
import { Scope, Span } from '../../../shared/enums';
import { isScope, scopeLabel } from '../../../shared/timeframes';
import { ProjectSwitcher } from '../projects/ProjectSwitcher';
import { filtersChanged, filtersCleared, searchTextChanged, selectBoardFilters, selectSearchText } from './boardSlice';
import { useBoardLayout } from './boardLayout';
import styles from './Board.module.css';
import { parseTimeframe, timeframeValue } from './boardQuery';

/** The board's header: project, search and filters. "/" focuses the search box from anywhere on the board. */
export function BoardToolbar({
  itemCount,
  shownCount,
  searching,
}: {
  itemCount: number;
  /** How many items the filters and search leave; null when nothing is filtered. */
  shownCount: number | null;
  searching: boolean;
}) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectBoardFilters);
  const searchText = useAppSelector(selectSearchText);
  const layout = useBoardLayout();
  const searchRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest(
        'input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"]',
      );
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        searchRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // Every timeframe "Move to…" knows, as filter choices: days, weeks, milestones (in plan order).
  const timeframes = new Map<string, string>();
  for (const group of layout.moveTargets) {
    for (const column of group.columns) {
      const timeframe = column.bucket.assignedTimeframe;
      if (timeframe)
        timeframes.set(timeframeValue(timeframe), column.detail ? `${column.label} · ${column.detail}` : column.label);
    }
  }
  const active =
    filters.kind !== null ||
    filters.scope !== null ||
    filters.timeframe !== undefined ||
    filters.handoff !== null ||
    searchText !== '';

  return (
    <div className={styles.toolbar}>
      <ProjectSwitcher />
      <Link to="/flows/add-items" className={styles.addWithAi}>
        {draftLabels().addItems}
      </Link>
      <div className={styles.search} role="search">
        <label htmlFor={`${id}-search`} className={styles.visuallyHidden}>
          Search items
        </label>
        <svg
          className={styles.searchIcon}
          viewBox="0 0 16 16"
          width="14"
          height="14"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10.5 10.5 14 14" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <input
          id={`${id}-search`}
          ref={searchRef}
          type="search"
          className={styles.searchInput}
          placeholder="Search"
          value={searchText}
          onChange={(event) => dispatch(searchTextChanged(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && searchText) {
              event.preventDefault();
              dispatch(searchTextChanged(''));
            }
          }}
          aria-busy={searching || undefined}
        />
        <kbd className={styles.searchKey} aria-hidden="true">
          /
        </kbd>
      </div>
      <div className={styles.filters}>
        <label className={styles.visuallyHidden} htmlFor={`${id}-kind`}>
          Kind
        </label>
        <select
          id={`${id}-kind`}
          className={styles.select}
          value={filters.kind ?? 'all'}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            const value = Number(event.target.value);
            dispatch(filtersChanged({ kind: isItemKind(value) ? value : null }));
          }}
        >
          <option value="all">All kinds</option>
          {ItemKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel[kind]}
            </option>
          ))}
        </select>
        <label className={styles.visuallyHidden} htmlFor={`${id}-scope`}>
          Scope
        </label>
        <select
          id={`${id}-scope`}
          className={styles.select}
          value={filters.scope ?? 'all'}
          onChange={(event) => {
            const value = Number(event.target.value);
            dispatch(filtersChanged({ scope: isScope(value) ? value : null }));
          }}
        >
          <option value="all">Any scope</option>
          {[Scope.InScope, Scope.OutOfScope].map((scope) => (
            <option key={scope} value={scope}>
              {scopeLabel(scope)}
            </option>
          ))}
        </select>
        <label className={styles.visuallyHidden} htmlFor={`${id}-timeframe`}>
          Timeframe
        </label>
        <select
          id={`${id}-timeframe`}
          className={styles.select}
          value={timeframeValue(filters.timeframe)}
          onChange={(event) => dispatch(filtersChanged({ timeframe: parseTimeframe(event.target.value) }))}
        >
          <option value="any">Any time</option>
          <option value="none">Unscheduled</option>
          {[Span.Day, Span.Week, Span.Milestone].map((span) => (
            <optgroup key={span} label={span === Span.Day ? 'Days' : span === Span.Week ? 'Weeks' : 'Milestones'}>
              {[...timeframes]
                .filter(([value]) => value.startsWith(`${span}:`))
                .map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <label className={styles.visuallyHidden} htmlFor={`${id}-handoff`}>
          Hand-off
        </label>
        <select
          id={`${id}-handoff`}
          className={styles.select}
          value={filters.handoff ?? 'any'}
          onChange={(event) => {
            const value = event.target.value;
            dispatch(filtersChanged({ handoff: value === 'any' ? null : Number(value) }));
          }}
        >
          <option value="any">Any hand-off</option>
          {workflowLabels.map((label, status) => (
            <option key={label} value={status}>
              {status === 0 ? 'Not handed off' : label}
            </option>
          ))}
        </select>
        {active && (
          <button type="button" className={styles.clear} onClick={() => dispatch(filtersCleared())}>
            Clear
          </button>
        )}
        <span className={styles.total} aria-live="polite">
          {shownCount === null
            ? `${itemCount} ${itemCount === 1 ? 'item' : 'items'}`
            : `${shownCount} of ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
        </span>
      </div>
    </div>
  );
}
