import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectOpenItemId } from '../board/boardSlice';
import { isTyping } from './isTyping';

const CommandPalette = lazy(() => import(/* webpackChunkName: "palette" */ './CommandPalette'));
const ShortcutSheet = lazy(() => import(/* webpackChunkName: "palette" */ './ShortcutSheet'));

type Open = { kind: 'palette'; itemId: string | null } | { kind: 'shortcuts' } | null;

/** Opens the command palette on Ctrl/⌘-K and the shortcut sheet on ?, anywhere in the signed-in app. */
export function PaletteHost() {
  const [open, setOpen] = useState<Open>(null);
  const openItemId = useAppSelector(selectOpenItemId);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        // The item it acts on: the open panel's, or the focused card's.
        const focusedCard = (document.activeElement as HTMLElement | null)?.closest('[data-card-id]');
        const itemId = openItemId ?? focusedCard?.getAttribute('data-card-id') ?? null;
        setOpen((current) => (current?.kind === 'palette' ? null : { kind: 'palette', itemId }));
      } else if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        event.preventDefault();
        setOpen({ kind: 'shortcuts' });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openItemId]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {open.kind === 'palette' ? (
        <CommandPalette
          itemId={open.itemId}
          onClose={() => setOpen(null)}
          onShortcuts={() => setOpen({ kind: 'shortcuts' })}
        />
      ) : (
        <ShortcutSheet onClose={() => setOpen(null)} />
      )}
    </Suspense>
  );
}
