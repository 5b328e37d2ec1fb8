/** Every keyboard shortcut, as the shortcut sheet (?) and the command palette show them. */
export const SHORTCUTS: { group: string; keys: string; does: string }[] = [
  { group: 'Anywhere', keys: 'Ctrl K / ⌘ K', does: 'Command palette: every action, by name' },
  { group: 'Anywhere', keys: '?', does: 'This list of shortcuts' },
  { group: 'Anywhere', keys: 'Ctrl Z / ⌘ Z', does: 'Undo the last move, completion, delete or bulk action' },
  { group: 'Board', keys: '/', does: 'Search items' },
  { group: 'Board', keys: 'N', does: 'New item in the focused card’s column' },
  { group: 'Card', keys: 'Enter', does: 'Open the item' },
  { group: 'Card', keys: '← ↑ → ↓, Home, End', does: 'Move focus between cards' },
  { group: 'Card', keys: 'Alt ↑ / Alt ↓', does: 'Move the card up or down' },
  { group: 'Card', keys: 'Alt ← / Alt →', does: 'Move the card to the column before or after' },
  { group: 'Card', keys: 'Space', does: 'Pick the card up to drag it with the arrows' },
  { group: 'Card', keys: 'X', does: 'Mark complete or incomplete' },
  { group: 'Card', keys: 'I', does: 'Assign to me, or unassign me' },
  { group: 'Card', keys: 'M', does: 'Card menu: move to a column, copy link, delete…' },
  { group: 'Card', keys: 'Delete, twice', does: 'Delete the item' },
  { group: 'Selection', keys: 'S, Ctrl/⌘-click', does: 'Select or deselect the card' },
  { group: 'Selection', keys: 'Shift ↑ / Shift ↓, Shift-click', does: 'Select a run of cards in a column' },
  { group: 'Selection', keys: 'B', does: 'Go to the bar of actions on the selected cards' },
  { group: 'Selection', keys: 'Escape', does: 'Clear the selection' },
  { group: 'Item panel', keys: 'Ctrl Enter / ⌘ Enter', does: 'Save' },
  { group: 'Item panel', keys: 'Escape', does: 'Close (saves what was typed)' },
];

/** Whether a key press is typing into a field, where no single-key shortcut may act. */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}
