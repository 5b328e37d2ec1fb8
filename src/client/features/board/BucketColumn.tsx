import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useAppSelector } from '../../app/hooks';
import { selectBucketIds, selectItemShards, selectUnloadedCount } from '../items/itemsSelectors';
import { itemIn } from '../items/itemShards';
import { scopeLabel } from '../../../shared/timeframes';
import type { BoardColumn } from './boardColumns';
import { useBoardNavigation, type ColumnEntry } from './boardNavigation';
import { ItemFilterContext } from './itemFilter';
import { CARD_GAP, CARD_ROW, PlainItemCard } from './ItemCard';
import { QuickAdd } from './QuickAdd';
import { keepFocusOnMove } from './keepFocusOnMove';
import styles from './BucketColumn.module.css';

/** Cards rendered above and below the visible ones, so short keyboard moves find their neighbours mounted. */
const OVERSCAN = 3;

/** The ids a column shows: all of its bucket's, or those the kind filter and search leave. */
export function useVisibleIds(key: string): readonly string[] {
  const all = useAppSelector((state) => selectBucketIds(state, key));
  const filter = useContext(ItemFilterContext);
  // Without a filter the items are not read at all, so a change to any other item costs nothing here.
  const shards = useAppSelector((state) => (filter ? selectItemShards(state) : null));
  return useMemo(() => {
    if (!filter || !shards) return all;
    return all.filter((id) => {
      const item = itemIn(shards, id);
      return item ? filter(item) : false;
    });
  }, [all, filter, shards]);
}

/** What drag and drop adds to a column once its code has loaded (see dnd/boardDnd.tsx). */
export interface ColumnDnd {
  setDroppableRef?: (element: HTMLElement | null) => void;
  /** A card is over this bucket (or, from another bucket, over one of its cards). */
  highlighted: boolean;
  /** The card being dragged when it is this column's, kept mounted while scrolled away. */
  activeId: string | null;
  Card: ComponentType<{ id: string; bucketKey: string }>;
  wrapList?: (ids: readonly string[], list: ReactNode) => ReactNode;
}

const noDnd: ColumnDnd = { highlighted: false, activeId: null, Card: PlainItemCard };

/** How far beyond the board's visible width columns keep their cards mounted. */
const COLUMN_MARGIN_PX = 320;

/**
 * Whether a column is on screen (or nearly) in the board's sideways scroll. Columns out of view keep
 * their header and drop area but mount no cards, so the DOM, and dnd-kit's work on each drag, follow
 * what is visible rather than how many buckets there are.
 */
function useInBoardView(ref: { current: HTMLElement | null }): boolean {
  // Cardless until measured (before the first paint), so the measure lays out no cards and far columns
  // never render theirs; without IntersectionObserver (jsdom) every column shows its cards.
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const element = ref.current;
    const root = element?.closest<HTMLElement>('[data-board-scroller]');
    if (!element || !root || typeof IntersectionObserver === 'undefined') return;
    const near = () => {
      const box = element.getBoundingClientRect();
      const view = root.getBoundingClientRect();
      return box.right >= view.left - COLUMN_MARGIN_PX && box.left <= view.right + COLUMN_MARGIN_PX;
    };
    setInView(near());
    const observer = new IntersectionObserver((entries) => setInView(entries.some((entry) => entry.isIntersecting)), {
      root,
      rootMargin: `0px ${COLUMN_MARGIN_PX}px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}

/** A column before drag and drop has loaded. */
export const PlainBucketColumn = memo(function PlainBucketColumn({ column }: { column: BoardColumn }) {
  const ids = useVisibleIds(column.key);
  return <BucketColumnView column={column} ids={ids} dnd={noDnd} />;
});

/**
 * One bucket: header, quick-add, and its cards, virtualised so only what is on screen is in the DOM.
 * Memoised: during a drag dnd-kit re-renders every column on each drag event, but only the columns the
 * drag touches get new props (see dnd/boardDnd.tsx), so only those redraw their list.
 */
export const BucketColumnView = memo(function BucketColumnView({
  column,
  ids,
  dnd,
}: {
  column: BoardColumn;
  ids: readonly string[];
  dnd: ColumnDnd;
}) {
  const navigation = useBoardNavigation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement | null>(null);
  const inView = useInBoardView(sectionRef);
  const [adding, setAdding] = useState(false);
  const headingId = useId();
  const activeIndex = dnd.activeId ? ids.indexOf(dnd.activeId) : -1;
  // Until the board's rest arrives the count is the bucket's total; a filter counts only what is here.
  const unloaded = useAppSelector((state) => selectUnloadedCount(state, column.key));
  const filtered = useContext(ItemFilterContext) !== null;
  const count = ids.length + (filtered ? 0 : unloaded);

  // The card being dragged stays mounted even when scrolled away, so dnd-kit keeps its node.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= 0 && !indexes.includes(activeIndex)) indexes.push(activeIndex);
      return indexes.sort((a, b) => a - b);
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ROW,
    overscan: OVERSCAN,
    getItemKey: (index) => ids[index] ?? index,
    rangeExtractor,
    // jsdom and the first paint have no layout: assume a screenful.
    initialRect: { width: 280, height: 800 },
  });

  const openQuickAdd = useCallback(() => setAdding(true), []);
  const entry = useMemo<ColumnEntry>(
    () => ({
      ids,
      scrollToIndex: (index) => {
        sectionRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
        virtualizer.scrollToIndex(index, { align: 'auto' });
      },
      revealIndex: (index) => {
        // From the virtualizer's own measurements (no layout read); scrolling, and the frames it takes, only when needed.
        const row = virtualizer.measurementsCache[index];
        const top = virtualizer.scrollOffset ?? 0;
        const height = virtualizer.scrollRect?.height ?? 0;
        if (row && row.start >= top && row.end - CARD_GAP <= top + height) return;
        virtualizer.scrollToIndex(index, { align: 'auto' });
      },
      openQuickAdd,
    }),
    [ids, virtualizer, openQuickAdd],
  );
  useEffect(() => {
    navigation.register(column.key, entry);
    return () => navigation.unregister(column.key, entry);
  }, [navigation, column.key, entry]);

  const closeQuickAdd = useCallback(() => {
    setAdding(false);
    const first = navigation.column(column.key)?.ids[0];
    if (first) navigation.focus(first);
  }, [navigation, column.key]);

  const { setDroppableRef } = dnd;
  const setSectionRef = useCallback(
    (element: HTMLElement | null) => {
      sectionRef.current = element;
      setDroppableRef?.(element);
    },
    [setDroppableRef],
  );
  // The card being dragged stays mounted even when its column scrolls out of view.
  const items = inView || activeIndex >= 0 ? virtualizer.getVirtualItems() : [];
  return (
    <section
      ref={setSectionRef}
      className={`${styles.column} ${dnd.highlighted ? styles.over : ''} ${column.past ? styles.past : ''}`}
      aria-label={`${column.label}${column.detail ? ` (${column.detail})` : ''}, ${scopeLabel(column.bucket.scope).toLowerCase()}`}
      data-bucket-key={column.key}
    >
      <header className={styles.header}>
        <h3 id={headingId} className={styles.heading}>
          <span className={styles.label}>{column.label}</span>
          {column.detail && <span className={styles.detail}>{column.detail}</span>}
        </h3>
        <span className={styles.count} aria-label={`${count} items`}>
          {count}
        </span>
        <button
          type="button"
          className={styles.addButton}
          aria-label={`Add item to ${column.label}`}
          title="Add item (N)"
          aria-expanded={adding}
          onClick={() => setAdding((open) => !open)}
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      {adding && <QuickAdd bucket={column.bucket} bucketLabel={column.label} onClose={closeQuickAdd} />}
      <div ref={scrollRef} className={styles.body}>
        {ids.length === 0 ? (
          <p className={styles.empty}>{dnd.highlighted ? 'Drop here' : 'No items'}</p>
        ) : (
          (dnd.wrapList ?? ((_ids, list) => list))(
            ids,
            <ul
              ref={keepFocusOnMove}
              className={styles.list}
              style={{ height: virtualizer.getTotalSize() - CARD_GAP }}
              aria-labelledby={headingId}
            >
              {items.map((row) => {
                const id = ids[row.index]!;
                return (
                  <li
                    key={row.key}
                    className={styles.row}
                    style={{ transform: `translateY(${row.start}px)` }}
                    data-index={row.index}
                  >
                    <dnd.Card id={id} bucketKey={column.key} />
                  </li>
                );
              })}
            </ul>,
          )
        )}
      </div>
    </section>
  );
});
