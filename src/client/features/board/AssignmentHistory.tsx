import { useId } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetProjectContextQuery } from '../../api/projects';
import { isTempId, type BoardItem } from '../items/itemModel';
import { scopeLabel, timeframeLabel, type MilestoneLike } from '../../../shared/timeframes';
import { Button, Spinner, VisuallyHidden } from '../../ui';
import styles from './AssignmentHistory.module.css';

interface Props {
  projectId: string;
  item: BoardItem;
  milestones: readonly MilestoneLike[];
  memberEmail: (userId: string) => string | null;
}

/**
 * An item's assignment changes in the board's project, newest first. The board never loads histories;
 * this reads the one item's context when the panel opens and again after each confirmed move of it.
 */
export function AssignmentHistory({ projectId, item, milestones, memberEmail }: Props) {
  const id = useId();
  const { data, isFetching, isError, refetch } = useGetProjectContextQuery(
    isTempId(item.id) ? skipToken : { projectId, itemId: item.id },
  );
  const entries = data?.projectPlanContext.assignmentHistory;
  if (isError) {
    return (
      <p className={styles.notice} role="alert">
        The history could not be loaded.{' '}
        <Button variant="ghost" onClick={() => void refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (!entries) {
    const waiting = isTempId(item.id) ? 'Saving the item…' : 'Loading the history…';
    return (
      <p className={styles.notice}>
        <Spinner size="small" label={waiting} />
        <span aria-hidden="true">{waiting}</span>
      </p>
    );
  }
  return (
    <>
      <ol className={styles.history} aria-describedby={`${id}-order`} aria-busy={isFetching}>
        {[...entries].reverse().map((entry, index) => (
          <li key={`${entry.dateUpdated}-${index}`} className={styles.entry}>
            <time dateTime={entry.dateUpdated} className={styles.muted}>
              {new Date(entry.dateUpdated).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
            <span>
              {timeframeLabel(entry.assignment.assignedTimeframe, milestones)},{' '}
              {scopeLabel(entry.assignment.scope).toLowerCase()}
              {entry.assignment.assignedToUserId
                ? ` · ${memberEmail(entry.assignment.assignedToUserId) ?? 'a former member'}`
                : ''}
            </span>
          </li>
        ))}
      </ol>
      <VisuallyHidden id={`${id}-order`}>Newest first.</VisuallyHidden>
    </>
  );
}
