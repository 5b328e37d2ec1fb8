import { lazy, Suspense, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isTyping } from '../palette/isTyping';
import { undoRequested } from './undoSlice';

// The toast itself is loaded once there is something to undo: the first JavaScript carries only this.
const UndoToastContent = lazy(() => import(/* webpackChunkName: "bulk" */ './UndoToastContent'));

/**
 * The toast after a move, completion, delete or bulk action, with Undo; and Ctrl/⌘-Z anywhere but in a
 * field, which undoes the newest step (again for the one before).
 */
export function UndoToast() {
  const dispatch = useAppDispatch();
  const any = useAppSelector((state) => state.undo.entries.length > 0 || state.undo.undone !== null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey)
        return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      dispatch(undoRequested());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  // The live region stays in the page, so what appears in it is announced.
  return (
    <div role="status">
      {any && (
        <Suspense fallback={null}>
          <UndoToastContent />
        </Suspense>
      )}
    </div>
  );
}
