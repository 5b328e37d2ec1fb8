import { useId, useState, type RefObject } from 'react';
import { useStore } from 'react-redux';
import { useLocation } from 'react-router-dom';
import type { RootState } from '../../app/store';
import { DialogActions, ModalDialog } from '../teams/ModalDialog';
import { Button } from '../../ui';
import { downloadSnapshot, snapshotOfStore } from './exportSnapshot';
import { exportStateLabel } from './exportStateLabel';
import styles from './ExportStateDialog.module.css';

/**
 * "Export state for support": downloads what this tab holds as a redacted JSON file for Baton support.
 * Secrets and other people's e-mail addresses always stay out; the items' texts go only if ticked.
 */
export function ExportStateDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there on closing (after a download too), not to <body>. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const store = useStore<RootState>();
  const location = useLocation();
  const [includeContent, setIncludeContent] = useState(true);
  const hintId = useId();

  const download = () => {
    const snapshot = snapshotOfStore(store, { includeContent, route: `${location.pathname}${location.search}` });
    downloadSnapshot(snapshot);
    onOpenChange(false);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={exportStateLabel}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
      description="A file of what Baton shows in this tab, for Baton support to see what you saw. Sign-in codes, tokens, invite codes and other people’s e-mail addresses are always left out."
    >
      <label className={styles.option}>
        <input
          type="checkbox"
          checked={includeContent}
          aria-describedby={hintId}
          onChange={(event) => setIncludeContent(event.target.checked)}
        />
        <span>Include content</span>
      </label>
      <p id={hintId} className={styles.hint}>
        The text of items and projects. Untick to leave it out: cards then read “[content removed]”.
      </p>
      <DialogActions>
        <Button onClick={() => onOpenChange(false)}>Cancel</Button>
        <Button variant="primary" onClick={download}>
          Download snapshot
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
