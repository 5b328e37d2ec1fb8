import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { noticeDismissed, selectBoardNotice } from './boardSlice';
import styles from './Board.module.css';

/** The last thing that went wrong (a rolled-back change), until dismissed or replaced; it fades after a while. */
export function BoardNotice() {
  const notice = useAppSelector(selectBoardNotice);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => dispatch(noticeDismissed(notice.id)), 8000);
    return () => clearTimeout(timer);
  }, [notice, dispatch]);
  if (!notice) return null;
  return (
    <div
      className={`${styles.notice} ${notice.tone === 'error' ? styles.noticeError : ''}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      <span>{notice.message}</span>
      <button
        type="button"
        className={styles.noticeClose}
        onClick={() => dispatch(noticeDismissed(notice.id))}
        aria-label="Dismiss"
      >
        ✕
      </button>
    </div>
  );
}
