import { Alert, Button } from '../../ui';
import type { PlanningConflict as Conflict, PlanningValue } from '../teams/planningConflictsSlice';
import { PlanningEntriesView } from './PlanningEntriesView';
import styles from './PlanningDataPage.module.css';

/** The entries of `value` that `other` lacks or holds differently. */
const differing = (value: PlanningValue, other: PlanningValue): PlanningValue =>
  Object.fromEntries(
    Object.entries(value).filter(([name, item]) => JSON.stringify(item) !== JSON.stringify(other[name])),
  );

/** Someone else changed the same field: the entries that differ side by side, and the Admin chooses. */
export function PlanningConflict({
  label,
  conflict,
  busy,
  onSaveMine,
  onUseTheirs,
}: {
  label: string;
  conflict: Conflict;
  busy: boolean;
  onSaveMine: () => void;
  onUseTheirs: () => void;
}) {
  return (
    <div className={styles.conflict}>
      <Alert>
        Someone else changed the {label} while you were editing it. Their version is shown now; yours is kept here.
        Choose which to keep.
      </Alert>
      <div className={styles.versions}>
        <section aria-label="Your version" className={styles.version}>
          <h3 className={styles.versionTitle}>Yours</h3>
          <PlanningEntriesView
            value={differing(conflict.mine, conflict.theirs)}
            empty="Without the entries shown beside it."
          />
        </section>
        <section aria-label="Their version" className={styles.version}>
          <h3 className={styles.versionTitle}>Theirs</h3>
          <PlanningEntriesView
            value={differing(conflict.theirs, conflict.mine)}
            empty="Without the entries shown beside it."
          />
        </section>
      </div>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onUseTheirs} disabled={busy}>
          Use theirs
        </Button>
        <Button variant="primary" onClick={onSaveMine} disabled={busy}>
          Save mine instead
        </Button>
      </div>
    </div>
  );
}
