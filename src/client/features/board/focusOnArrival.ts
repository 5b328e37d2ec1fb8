import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { BoardNavigation } from './boardNavigation';

/** What a page that returns to the board asks of it (router state): a card to focus, words to say. */
export interface BoardArrival {
  focusItem: string;
  announce?: string;
}

export const boardArrival = (focusItem: string, announce?: string): { state: BoardArrival } => ({
  state: { focusItem, ...(announce ? { announce } : {}) },
});

/**
 * A flow that ends on the board (a split applied, an item added next to another) lands focus on the
 * card it made or changed, not on <body>, once the board is loaded.
 */
export function useFocusOnArrival(navigation: BoardNavigation, ready: boolean) {
  const arrival = useLocation().state as Partial<BoardArrival> | null;
  const focusItem = arrival?.focusItem;
  const announce = arrival?.announce;
  useEffect(() => {
    if (!ready || !focusItem) return;
    navigation.focus(focusItem);
    if (announce) navigation.announce(announce);
  }, [ready, focusItem, announce, navigation]);
}
