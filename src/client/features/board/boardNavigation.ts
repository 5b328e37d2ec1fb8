/**
 * Keyboard focus across a virtualised board: each column registers the ids it shows and how to scroll
 * to one; moving focus scrolls the target into view first, then focuses its card once it is rendered.
 */
import { createContext, useContext } from 'react';
import type { AppDispatch, RootState } from '../../app/store';
import { moveItemTo, moveItemToBucket } from '../items/itemCommands';
import { itemDeleteRequested, itemOf } from '../items/itemsSlice';
import { bucketName } from './boardColumns';
import type { BoardLayout } from './boardLayout';
import { markDrop } from './boardPerf';

export interface ColumnEntry {
  ids: readonly string[];
  /** Brings the column into view and scrolls its list to a card (which may not be mounted yet). */
  scrollToIndex(index: number): void;
  /** Scrolls the column's list to a card only if it is outside the list's view; reads no layout. */
  revealIndex(index: number): void;
  openQuickAdd(): void;
}

const cardFocusTarget = (id: string) =>
  document.querySelector<HTMLElement>(`[data-card-id="${id.replace(/["\\]/g, '\\$&')}"] [data-card-focus]`);

export type FocusDirection = 'up' | 'down' | 'left' | 'right' | 'first' | 'last';

export class BoardNavigation {
  private readonly columns = new Map<string, ColumnEntry>();
  /** Column keys in board order, set by the board on each render. */
  order: string[] = [];
  announce: (message: string) => void = () => undefined;
  layout: BoardLayout | null = null;
  /** Focuses the bulk bar's first button while cards are selected (set by the bar). */
  focusBulkBar: (() => void) | null = null;

  constructor(readonly store: { dispatch: AppDispatch; getState: () => RootState }) {}

  register(key: string, entry: ColumnEntry) {
    this.columns.set(key, entry);
  }

  unregister(key: string, entry: ColumnEntry) {
    if (this.columns.get(key) === entry) this.columns.delete(key);
  }

  column(key: string): ColumnEntry | undefined {
    return this.columns.get(key);
  }

  /** Where an item is shown: its column key and index, or null. */
  locate(id: string): { key: string; index: number } | null {
    for (const key of this.order) {
      const index = this.columns.get(key)?.ids.indexOf(id) ?? -1;
      if (index >= 0) return { key, index };
    }
    return null;
  }

  /** Where focus goes instead of a deleted card: the card after it, before it, or its column's Add button. */
  private readonly replacements = new Map<string, { next: string | null; key: string | null }>();

  /** Deletes an item, says so, and remembers where focus goes in its place (focus(id) then goes there). */
  deleteItem(id: string, projectId: string) {
    const name = this.nameOf(id);
    const place = this.locate(id);
    const ids = place ? (this.columns.get(place.key)?.ids ?? []) : [];
    const next = place ? (ids[place.index + 1] ?? ids[place.index - 1] ?? null) : null;
    this.replacements.set(id, { next, key: place?.key ?? null });
    this.store.dispatch(itemDeleteRequested(id, projectId));
    this.announce(`Deleted ${name}.`);
    // From the keyboard nothing else moves focus; a menu or panel closing asks for focus(id) again, which lands the same.
    requestAnimationFrame(() => this.focus(id));
  }

  /** Scrolls an item into view and focuses its card (tries for a few frames while it renders). */
  focus(id: string, attempts = 12): void {
    const replacement = this.replacements.get(id);
    if (replacement && !itemOf(this.store.getState().items, id)) {
      if (replacement.next) return this.focus(replacement.next, attempts);
      const add = document.querySelector<HTMLElement>(
        `[data-bucket-key="${CSS.escape(replacement.key ?? '')}"] button[aria-label^="Add item to"]`,
      );
      return add?.focus();
    }
    const place = this.locate(id);
    if (place) this.columns.get(place.key)?.scrollToIndex(place.index);
    const tryFocus = (left: number) => {
      const card = cardFocusTarget(id);
      if (card) {
        card.focus({ preventScroll: false });
        return;
      }
      if (left > 0) requestAnimationFrame(() => tryFocus(left - 1));
    };
    tryFocus(attempts);
  }

  /**
   * Keeps focus on an item the user just moved, once the move has rendered: React renders a store
   * update in a microtask queued when the store changed, so this one (queued after it) finds the
   * columns' new ids and the card in its new place. A card that kept its focus is only scrolled to
   * when its column's list shows it no more, so a move costs no extra layout or scrolling.
   */
  focusMoved(id: string) {
    queueMicrotask(() => {
      const card = cardFocusTarget(id);
      const place = this.locate(id);
      if (!card || !place) {
        this.focus(id);
        return;
      }
      this.columns.get(place.key)?.revealIndex(place.index);
      if (document.activeElement !== card) card.focus({ preventScroll: false });
    });
  }

  /** The item focus goes to from `id` in a direction, or null at an edge. */
  neighbour(id: string, direction: FocusDirection): string | null {
    const place = this.locate(id);
    if (!place) return null;
    const ids = this.columns.get(place.key)?.ids ?? [];
    switch (direction) {
      case 'up':
        return ids[place.index - 1] ?? null;
      case 'down':
        return ids[place.index + 1] ?? null;
      case 'first':
        return ids[0] ?? null;
      case 'last':
        return ids.at(-1) ?? null;
      case 'left':
      case 'right': {
        const step = direction === 'left' ? -1 : 1;
        for (let at = this.order.indexOf(place.key) + step; at >= 0 && at < this.order.length; at += step) {
          const other = this.columns.get(this.order[at]!)?.ids ?? [];
          if (other.length > 0) return other[Math.min(place.index, other.length - 1)]!;
        }
        return null;
      }
    }
  }

  /** The column key beside `key` in board order. */
  adjacentColumn(key: string, step: -1 | 1): string | null {
    const at = this.order.indexOf(key);
    return at < 0 ? null : (this.order[at + step] ?? null);
  }

  private nameOf(id: string): string {
    return itemOf(this.store.getState().items, id)?.externalId || 'the item';
  }

  private columnName(key: string): string {
    const column = this.layout?.columnByKey.get(key);
    return column && this.layout ? bucketName(column.bucket, this.layout.milestones) : key;
  }

  /** Alt+↑/↓: one place up or down among the cards the column shows (filters may hide some). */
  moveWithinColumn(id: string, delta: -1 | 1) {
    const place = this.locate(id);
    const column = place && this.layout?.columnByKey.get(place.key);
    if (!place || !column) return;
    const visible = this.columns.get(place.key)?.ids ?? [];
    const neighbourId = visible[place.index + delta];
    if (!neighbourId) {
      this.announce(`${this.nameOf(id)} is already ${delta < 0 ? 'first' : 'last'} in ${this.columnName(place.key)}.`);
      return;
    }
    const others = (this.store.getState().items.bucketIds[place.key] ?? []).filter((other) => other !== id);
    const at = others.indexOf(neighbourId);
    markDrop();
    this.store.dispatch(moveItemTo(id, column.bucket, delta < 0 ? at : at + 1));
    this.announce(
      `Moved ${this.nameOf(id)} to position ${place.index + delta + 1} of ${visible.length} in ${this.columnName(place.key)}.`,
    );
    this.focusMoved(id);
  }

  /** Alt+←/→: to the column before or after, at its start if earlier in the plan, its end if later. */
  moveToAdjacentColumn(id: string, step: -1 | 1) {
    const place = this.locate(id);
    const targetKey = place && this.adjacentColumn(place.key, step);
    const target = targetKey ? this.layout?.columnByKey.get(targetKey) : undefined;
    if (!target) {
      this.announce(`${this.nameOf(id)} is already in the ${step < 0 ? 'first' : 'last'} column.`);
      return;
    }
    markDrop();
    if (this.store.dispatch(moveItemToBucket(id, target.bucket))) {
      const where = step < 0 ? 'start' : 'end';
      this.announce(`Moved ${this.nameOf(id)} to the ${where} of ${this.columnName(target.key)}.`);
      this.focusMoved(id);
    }
  }
}

export const BoardNavigationContext = createContext<BoardNavigation | null>(null);

export function useBoardNavigation(): BoardNavigation {
  const navigation = useContext(BoardNavigationContext);
  if (!navigation) throw new Error('useBoardNavigation outside the board');
  return navigation;
}
