import { Spinner } from '../../ui';
import styles from './BlockingOverlay.module.css';

/** Covers the whole screen while a call that changes the whole context runs (spec §4: the blocking flag). */
export function BlockingOverlay() {
  return (
    <div className={styles.overlay} data-testid="blocking-overlay">
      <div className={styles.panel}>
        <Spinner label="Working…" size="small" />
        <span aria-hidden="true">Working…</span>
      </div>
    </div>
  );
}
