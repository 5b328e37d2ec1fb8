import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectActiveProject } from '../projects/projectsSelectors';
import { boardColumns, moveTargets, todayIndex, type BoardColumn } from '../board/boardColumns';
import { Scope } from '../../../shared/enums';
import { bucketKey, scopeLabel } from '../../../shared/timeframes';
import styles from './Wizard.module.css';

/** Where new items go by default: the active project's unscheduled, in-scope bucket. */
export const UNSCHEDULED_IN_SCOPE = bucketKey({ scope: Scope.InScope, assignedTimeframe: null });

/** "Tue 24 Nov · Today"; unscheduled buckets name their scope, as a closed select hides the group. */
function optionLabel(column: BoardColumn): string {
  if (column.bucket.assignedTimeframe === null) return `Unscheduled, ${scopeLabel(column.bucket.scope).toLowerCase()}`;
  return column.detail ? `${column.label} · ${column.detail}` : column.label;
}

/** A choice of the active project's buckets (days, weeks, milestones, unscheduled; per scope), by bucket key. */
export function BucketSelect(props: { value: string; onChange(key: string): void; label?: string }) {
  const project = useAppSelector(selectActiveProject);
  const milestones = project?.milestones;
  const groups = useMemo(() => {
    const sorted = [...(milestones ?? [])].sort((a, b) => a.index - b.index);
    const today = todayIndex();
    return moveTargets(boardColumns([], sorted, today), today, sorted);
  }, [milestones]);
  return (
    <div className={styles.field}>
      <label htmlFor="bucket-choice" className={styles.label}>
        {props.label ?? 'Add them to'}
      </label>
      <select
        id="bucket-choice"
        className={styles.select}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {groups.map((group) => (
          <optgroup key={group.scope} label={group.label}>
            {group.columns.map((column) => (
              <option key={column.key} value={column.key}>
                {optionLabel(column)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
