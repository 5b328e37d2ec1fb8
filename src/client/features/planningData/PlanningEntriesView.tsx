import type { PlanningValue } from '../teams/planningConflictsSlice';
import styles from './PlanningDataPage.module.css';

/** The planning data as read: each entry's name and value (text as written, anything else as JSON). */
export function PlanningEntriesView({ value, empty }: { value: PlanningValue; empty: string }) {
  const entries = Object.entries(value);
  if (entries.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <dl className={styles.view}>
      {entries.map(([name, item]) => (
        <div key={name} className={styles.viewEntry}>
          <dt className={styles.viewName}>{name}</dt>
          <dd className={styles.viewValue}>
            {typeof item === 'string' ? item : <pre className={styles.json}>{JSON.stringify(item, null, 2)}</pre>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
