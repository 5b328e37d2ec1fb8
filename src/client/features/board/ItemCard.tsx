import { memo, useCallback, useId, useState, type HTMLAttributes, type KeyboardEvent, type MouseEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsItemPending, selectItemById } from '../items/itemsSelectors';
import { completionToggled } from '../items/itemsSlice';
import { assignItem } from '../items/itemCommands';
import { kindLabel, titleOf, workflowBadges, workflowLabels, type BoardItem } from '../items/itemModel';
import { isCompleted } from '../../../shared/completion';
import { VisuallyHidden } from '../../ui';
import { itemPanelOpened } from './boardSlice';
import { initials, selectMemberEmail } from './people';
import { CardMenuButton } from './CardMenuButton';
import { useBoardNavigation, type FocusDirection } from './boardNavigation';
import { selectionCleared, selectIsSelected } from '../bulk/selectionSlice';
import type { SelectionInput } from '../bulk/selectionCommands';

/** The selection's commands, loaded on the first use (the first JavaScript of the board stays small). */
const selecting = () => import(/* webpackChunkName: "bulk" */ '../bulk/selectionCommands');
import styles from './ItemCard.module.css';

/** A card's height plus the gap under it: the virtualised columns place cards on this grid. */
export const CARD_HEIGHT = 76;
export const CARD_GAP = 6;
export const CARD_ROW = CARD_HEIGHT + CARD_GAP;

const kindClass: Record<number, string | undefined> = { 1: styles.demo, 2: styles.implementation, 3: styles.gtm };

function describe(item: BoardItem, assignee: string | null, pending: boolean, selected: boolean): string {
  return [
    selected ? 'Selected' : null,
    item.externalId || (pending ? 'Saving…' : ''),
    kindLabel[item.itemType],
    isCompleted(item.completionDate) ? 'Completed' : null,
    item.workflowStatus > 0 ? `Hand-off: ${workflowLabels[item.workflowStatus]}` : null,
    assignee ? `Assigned to ${assignee}` : 'Unassigned',
  ]
    .filter(Boolean)
    .join(', ');
}

/** What a card shows; also the drag overlay. */
export function CardBody({ item, pending, assignee }: { item: BoardItem; pending: boolean; assignee: string | null }) {
  const completed = isCompleted(item.completionDate);
  return (
    <>
      <span className={styles.titleText}>{titleOf(item.description)}</span>
      <span className={styles.meta} aria-hidden="true">
        <span className={`${styles.check} ${completed ? styles.checked : ''}`} />
        <span className={styles.externalId}>{item.externalId || (pending ? 'Saving…' : '')}</span>
        <span className={`${styles.kind} ${kindClass[item.itemType] ?? ''}`}>{kindLabel[item.itemType]}</span>
        {item.workflowStatus > 0 && (
          <span className={styles.handoff} data-status={item.workflowStatus}>
            {workflowBadges[item.workflowStatus]}
          </span>
        )}
        <span className={styles.spacer} />
        {assignee && <span className={styles.avatar}>{initials(assignee)}</span>}
      </span>
    </>
  );
}

/** The drag overlay: a copy of the card that follows the pointer or the keyboard. */
export function CardOverlay({ id }: { id: string }) {
  const item = useAppSelector((state) => selectItemById(state, id));
  const assignee = useAppSelector((state) => selectMemberEmail(state, item?.plan.assignedToUserId ?? null));
  if (!item) return null;
  return (
    <div className={`${styles.card} ${styles.overlay}`}>
      <div className={styles.title}>
        <CardBody item={item} pending={false} assignee={assignee} />
      </div>
    </div>
  );
}

interface ItemCardProps {
  id: string;
  bucketKey: string;
}

/** What dnd-kit adds to a card once the drag-and-drop code has loaded (see dnd/boardDnd.tsx). */
export interface SortableBits {
  setNodeRef: (element: HTMLElement | null) => void;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  attributes: HTMLAttributes<HTMLElement> & { 'aria-describedby'?: string };
  listeners: Record<string, ((event: never) => void) | undefined> | undefined;
  transform: string | undefined;
  transition: string | undefined;
  isDragging: boolean;
  /** A card from another bucket would land just before this one. */
  landing: boolean;
}

/** A card before drag and drop has loaded: everything but dragging works. */
export const PlainItemCard = memo(function PlainItemCard({ id, bucketKey }: ItemCardProps) {
  return <ItemCardView id={id} bucketKey={bucketKey} sortable={null} />;
});

/**
 * One item on the board. The whole card drags with a pointer; its title button is the keyboard handle:
 * Space picks it up (arrows move, Space drops, Escape cancels), Enter opens it, X completes it,
 * Alt+arrows move it, M opens its menu, I assigns it to me, Delete twice deletes it, arrows move focus;
 * S (or Ctrl/⌘-click) selects it, Shift-click selects a run, B goes to the bulk bar,
 * Escape clears the selection.
 */
const sameSortable = (a: SortableBits | null, b: SortableBits | null) =>
  a === b || (!!a && !!b && (Object.keys(a) as (keyof SortableBits)[]).every((key) => a[key] === b[key]));

/**
 * dnd-kit re-renders every sortable card on each drag event; the card itself redraws only when what it
 * shows or its dnd-kit props changed, which keeps a drop cheap on a board of many cards.
 */
export const ItemCardView = memo(
  ItemCardViewImpl,
  (a, b) => a.id === b.id && a.bucketKey === b.bucketKey && sameSortable(a.sortable, b.sortable),
);

function ItemCardViewImpl({ id, bucketKey, sortable }: ItemCardProps & { sortable: SortableBits | null }) {
  const dispatch = useAppDispatch();
  const item = useAppSelector((state) => selectItemById(state, id));
  const pending = useAppSelector((state) => selectIsItemPending(state, id));
  const selected = useAppSelector((state) => selectIsSelected(state, id));
  const assignee = useAppSelector((state) => selectMemberEmail(state, item?.plan.assignedToUserId ?? null));
  const navigation = useBoardNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const descriptionId = useId();
  const moveUp = useCallback(() => navigation.moveWithinColumn(id, -1), [navigation, id]);
  const moveDown = useCallback(() => navigation.moveWithinColumn(id, 1), [navigation, id]);
  const me = useAppSelector((state) => state.coreContext.context?.userContext.userId ?? null);
  const layoutProjectId = useAppSelector((state) => state.items.projectId);
  // Delete asks for a second press within a few seconds, as the card menu asks for a second choice.
  const [deleteArmedAt, setDeleteArmedAt] = useState(0);

  if (!item) return null;
  const completed = isCompleted(item.completionDate);
  const title = titleOf(item.description);
  const name = item.externalId || title;
  const { onKeyDown: dragKeyDown, ...pointerListeners } = sortable?.listeners ?? {};

  const focusTo = (direction: FocusDirection) => {
    const next = navigation.neighbour(id, direction);
    if (next) navigation.focus(next);
  };

  const toggleCompletion = () => {
    dispatch(completionToggled(id, !completed));
    navigation.announce(`${name} marked ${completed ? 'incomplete' : 'complete'}.`);
  };
  const toggleMine = () => {
    const mine = item.plan.assignedToUserId === me;
    if (dispatch(assignItem(id, mine ? null : me)))
      navigation.announce(`${name} ${mine ? 'unassigned' : 'assigned to you'}.`);
  };
  const deleteTwice = () => {
    if (!layoutProjectId) return;
    if (Date.now() - deleteArmedAt < 4000) return navigation.deleteItem(id, layoutProjectId);
    setDeleteArmedAt(Date.now());
    navigation.announce(`Press Delete again to delete ${name}.`);
  };
  const select = (input: SelectionInput) =>
    void selecting().then(({ selectionInput }) => selectionInput(input, navigation));
  const toggleSelection = () => select({ kind: 'toggle', id, name });
  const onClick = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey) return toggleSelection();
    if (event.shiftKey) return select({ kind: 'range', id, columnIds: navigation.column(bucketKey)?.ids ?? [id] });
    dispatch(itemPanelOpened(id));
  };
  const altKeys: Record<string, () => void> = {
    ArrowUp: moveUp,
    ArrowDown: moveDown,
    ArrowLeft: () => navigation.moveToAdjacentColumn(id, -1),
    ArrowRight: () => navigation.moveToAdjacentColumn(id, 1),
  };
  const plainKeys: Record<string, () => void> = {
    Enter: () => dispatch(itemPanelOpened(id)),
    ArrowUp: () => focusTo('up'),
    ArrowDown: () => focusTo('down'),
    ArrowLeft: () => focusTo('left'),
    ArrowRight: () => focusTo('right'),
    Home: () => focusTo('first'),
    End: () => focusTo('last'),
    x: toggleCompletion,
    X: toggleCompletion,
    m: () => setMenuOpen(true),
    M: () => setMenuOpen(true),
    n: () => navigation.column(bucketKey)?.openQuickAdd(),
    N: () => navigation.column(bucketKey)?.openQuickAdd(),
    i: toggleMine,
    I: toggleMine,
    Delete: deleteTwice,
    Backspace: deleteTwice,
    s: toggleSelection,
    S: toggleSelection,
    b: () => navigation.focusBulkBar?.(),
    B: () => navigation.focusBulkBar?.(),
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // While this card is picked up, every key is dnd-kit's (arrows move it, Space or Enter drop it,
    // Escape cancels): focus stays on it, and no shortcut acts on it or its neighbours.
    if (sortable?.isDragging) return;
    const modifiers = event.ctrlKey || event.metaKey;
    // Escape is the selection's only while there is one.
    if (event.key === 'Escape' && navigation.store.getState().selection.ids.length > 0) {
      event.preventDefault();
      dispatch(selectionCleared());
      navigation.announce('Selection cleared.');
      return;
    }
    const action =
      event.altKey && !modifiers
        ? altKeys[event.key]
        : !event.altKey && !modifiers && !event.shiftKey
          ? plainKeys[event.key]
          : undefined;
    if (action) {
      event.preventDefault();
      action();
      return;
    }
    // Everything else is dnd-kit's: Space picks the card up.
    (dragKeyDown as ((event: KeyboardEvent) => void) | undefined)?.(event);
  };

  return (
    <div
      ref={sortable?.setNodeRef}
      data-card-id={id}
      className={`${styles.card} ${completed ? styles.completed : ''} ${sortable?.isDragging ? styles.dragging : ''} ${pending ? styles.pending : ''} ${sortable?.landing ? styles.landing : ''} ${selected ? styles.selected : ''}`}
      style={sortable ? { transform: sortable.transform, transition: sortable.transition } : undefined}
      {...(pointerListeners as HTMLAttributes<HTMLDivElement>)}
    >
      <button
        type="button"
        ref={sortable?.setActivatorNodeRef}
        data-card-focus=""
        className={styles.title}
        {...sortable?.attributes}
        aria-roledescription={sortable ? 'draggable item' : undefined}
        aria-describedby={[descriptionId, sortable?.attributes['aria-describedby']].filter(Boolean).join(' ')}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <CardBody item={item} pending={pending} assignee={assignee} />
      </button>
      <VisuallyHidden>
        <span id={descriptionId}>{describe(item, assignee, pending, selected)}</span>
      </VisuallyHidden>
      <button
        type="button"
        className={`${styles.completeButton} ${completed ? styles.checked : ''}`}
        aria-pressed={completed}
        aria-label={`${completed ? 'Mark incomplete' : 'Mark complete'}: ${name}`}
        title={completed ? 'Mark incomplete (X)' : 'Mark complete (X)'}
        onClick={() => dispatch(completionToggled(id, !completed))}
      />
      <span className={`${styles.menu} ${menuOpen ? styles.menuOpen : ''}`}>
        <CardMenuButton
          id={id}
          label={name}
          open={menuOpen}
          onOpenChange={setMenuOpen}
          onMoveUp={moveUp}
          onMoveDown={moveDown}
        />
      </span>
    </div>
  );
}
