import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui';
import { selectLatestUndo, selectUndone, undoRequested, undoToastClosed } from './undoSlice';
import styles from './UndoToast.module.css';

/** How long the toast stays; Ctrl/⌘-Z still undoes after it goes. */
const SHOWN_MS = 8000;

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** The toast after a move, completion, delete or bulk action, with Undo. Loaded once there is one. */
export default function UndoToastContent() {
  const dispatch = useAppDispatch();
  const latest = useAppSelector(selectLatestUndo);
  const undone = useAppSelector(selectUndone);
  const [hiddenId, setHiddenId] = useState<number | null>(null);
  const shown = undone ? { key: `undone-${undone.id}`, message: `Undone: ${undone.message}` } : null;
  const offer = !undone && latest && latest.id !== hiddenId ? latest : null;

  const offerId = offer?.id ?? null;
  const visibleKey = offerId !== null ? `offer-${offerId}` : shown?.key;
  useEffect(() => {
    if (!visibleKey) return;
    const timer = setTimeout(() => {
      if (offerId !== null) setHiddenId(offerId);
      else dispatch(undoToastClosed());
    }, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [visibleKey, offerId, dispatch]);

  const close = () => (offer ? setHiddenId(offer.id) : dispatch(undoToastClosed()));
  return (
    <>
      {(offer || shown) && (
        <div className={styles.toast}>
          <span className={styles.message}>{offer ? offer.message : shown?.message}</span>
          {offer && (
            <>
              <Button variant="ghost" onClick={() => dispatch(undoRequested())}>
                Undo
              </Button>
              <kbd className={styles.kbd}>{isMac() ? '⌘ Z' : 'Ctrl Z'}</kbd>
            </>
          )}
          <button type="button" className={styles.close} aria-label="Dismiss" onClick={close}>
            ✕
          </button>
        </div>
      )}
    </>
  );
}
