import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { isCompleted } from '../../../shared/completion';
import { bucketKey } from '../../../shared/timeframes';
import { Button } from '../../ui';
import { bucketOf } from '../items/itemModel';
import { itemOf } from '../items/itemsSlice';
import { MoveTargetItems } from '../board/MoveTargetItems';
import { useBoardNavigation, type BoardNavigation } from '../board/boardNavigation';
import { itemCount } from './itemCount';
import { completeSelection, deleteSelection, moveSelection } from './bulkCommands';
import { selectionCleared } from './selectionSlice';
import menuStyles from '../board/CardMenu.module.css';
import styles from './BulkBar.module.css';

/** Whether every selected item is completed (then the bar offers Reopen instead of Complete). */
const selectAllCompleted = (state: RootState) =>
  state.selection.ids.every((id) => isCompleted(itemOf(state.items, id)?.completionDate ?? null));

/** The bucket every selected item is in, or null when they are in several. */
function selectCommonBucket(state: RootState): string | null {
  const keys = new Set(
    state.selection.ids.map((id) => {
      const item = itemOf(state.items, id);
      return item ? bucketKey(bucketOf(item)) : '';
    }),
  );
  return keys.size === 1 ? [...keys][0]! : null;
}

/** After a bulk delete: the first card left after the first deleted one in its column, else before it. */
function cardAfter(navigation: BoardNavigation, selected: readonly string[]): string | null {
  const places = selected.flatMap((id) => navigation.locate(id) ?? []);
  const first = places.sort(
    (a, b) => navigation.order.indexOf(a.key) - navigation.order.indexOf(b.key) || a.index - b.index,
  )[0];
  if (!first) return null;
  const ids = navigation.column(first.key)?.ids ?? [];
  const left = (list: readonly string[]) => list.find((id) => !selected.includes(id)) ?? null;
  return left(ids.slice(first.index)) ?? left([...ids.slice(0, first.index)].reverse());
}

/**
 * The bar under the board while cards are selected: how many, "Move to…", Complete or Reopen, Delete
 * (asked again, naming the count) and Clear. Each action goes through the items' ordinary requests; the
 * toast and the live region say what the server accepted (bulkRuns.ts). Loaded on first selection.
 */
export default function BulkBar() {
  const dispatch = useAppDispatch();
  const navigation = useBoardNavigation();
  const selected = useAppSelector((state) => state.selection.ids);
  const anchor = useAppSelector((state) => state.selection.anchorId);
  const allCompleted = useAppSelector(selectAllCompleted);
  const commonBucket = useAppSelector(selectCommonBucket);
  const [confirming, setConfirming] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const count = selected.length;

  // The bar registers itself, so a card's B key can bring focus here.
  useEffect(() => {
    navigation.focusBulkBar = () => bar.current?.querySelector<HTMLElement>('button')?.focus();
    return () => {
      navigation.focusBulkBar = null;
    };
  }, [navigation]);

  const clear = () => {
    const hadFocus = bar.current?.contains(document.activeElement);
    dispatch(selectionCleared());
    if (hadFocus && anchor) navigation.focus(anchor);
  };

  const remove = () => {
    const next = cardAfter(navigation, selected);
    setConfirming(false);
    dispatch(deleteSelection());
    if (next) requestAnimationFrame(() => navigation.focus(next));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    if (confirming) setConfirming(false);
    else clear();
  };

  return (
    <section ref={bar} className={styles.bar} data-bulk-bar="" aria-label="Selected items" onKeyDown={onKeyDown}>
      {confirming ? (
        <>
          <span className={styles.question}>Delete {itemCount(count)}?</span>
          <Button className={styles.danger} autoFocus onClick={remove}>
            Delete {itemCount(count)}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          <span className={styles.count}>{count} selected</span>
          <Menu.Root modal={false}>
            <Menu.Trigger asChild>
              <Button>Move to…</Button>
            </Menu.Trigger>
            <Menu.Portal>
              <Menu.Content
                className={`${menuStyles.content} ${menuStyles.targets}`}
                side="top"
                align="start"
                sideOffset={6}
                collisionPadding={8}
              >
                <MoveTargetItems
                  currentKey={commonBucket}
                  onPick={(column, name) => void dispatch(moveSelection(column.bucket, name))}
                />
              </Menu.Content>
            </Menu.Portal>
          </Menu.Root>
          <Button onClick={() => dispatch(completeSelection(!allCompleted))}>
            {allCompleted ? 'Reopen' : 'Complete'}
          </Button>
          <Button onClick={() => setConfirming(true)}>Delete…</Button>
          <Button variant="ghost" onClick={clear} aria-keyshortcuts="Escape">
            Clear
          </Button>
        </>
      )}
    </section>
  );
}
