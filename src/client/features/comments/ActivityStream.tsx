import { memo, useId, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../app/hooks';
import { useGetProjectContextQuery } from '../../api/projects';
import { useGetItemHandoffsQuery } from '../../api/handoff';
import { useAddItemCommentMutation, useListItemCommentsQuery } from '../../api/comments';
import { isTempId, type BoardItem } from '../items/itemModel';
import { selectIsTeamAdmin } from '../teams/teamSelectors';
import { selectTeamMembers } from '../board/people';
import { scopeLabel, timeframeLabel, type MilestoneLike } from '../../../shared/timeframes';
import { Button, Spinner, VisuallyHidden } from '../../ui';
import { activityOf } from './activity';
import { CommentComposer } from './CommentComposer';
import { CommentEntry } from './CommentEntry';
import { whenText } from './when';
import styles from './Activity.module.css';

interface Props {
  projectId: string;
  item: BoardItem;
  milestones: readonly MilestoneLike[];
}

/** A source that could not be read: says which, with a way to try again. */
function Failed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <p className={styles.notice} role="alert">
      The {what} could not be loaded.{' '}
      <Button variant="ghost" onClick={retry}>
        Try again
      </Button>
    </p>
  );
}

/**
 * The item's activity in one stream, oldest first: its plan changes in the board's project (read when
 * the panel opens and after each confirmed move), its hand-offs' steps and the team's comments, then a
 * box to comment. Comments by others arrive live (features/live reads them again).
 */
// Memoised: the panel re-renders on every keystroke in the description, the activity need not.
export const ActivityStream = memo(function ActivityStream({ projectId, item, milestones }: Props) {
  const id = useId();
  const saving = isTempId(item.id);
  const history = useGetProjectContextQuery(saving ? skipToken : { projectId, itemId: item.id });
  const handoffs = useGetItemHandoffsQuery(saving ? skipToken : item.id, { refetchOnMountOrArgChange: true });
  const comments = useListItemCommentsQuery(saving ? skipToken : item.id, { refetchOnMountOrArgChange: true });
  const [addComment] = useAddItemCommentMutation();
  const userId = useAppSelector((state) => state.coreContext.context?.userContext.userId ?? null);
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  const members = useAppSelector(selectTeamMembers);
  const memberEmail = (memberId: string) => members.find((member) => member.userId === memberId)?.emailAddress;

  const plan = (history.data?.projectPlanContext.assignmentHistory ?? []).map((entry) => ({
    at: entry.dateUpdated,
    text: `${timeframeLabel(entry.assignment.assignedTimeframe, milestones)}, ${scopeLabel(
      entry.assignment.scope,
    ).toLowerCase()}${
      entry.assignment.assignedToUserId
        ? ` · ${memberEmail(entry.assignment.assignedToUserId) ?? 'a former member'}`
        : ''
    }`,
  }));
  const handoffEvents = (handoffs.data?.handoffs ?? []).flatMap((handoff) => handoff.events);
  const entries = activityOf({ plan, handoffEvents, comments: comments.data?.comments ?? [] });
  const loaded = history.data && comments.data;

  const line = (at: string, body: ReactNode) => (
    <>
      <time dateTime={at} className={styles.muted}>
        {whenText(at)}
      </time>
      <span>{body}</span>
    </>
  );

  return (
    <div className={styles.stream}>
      {history.isError && <Failed what="history" retry={() => void history.refetch()} />}
      {handoffs.isError && <Failed what="hand-off activity" retry={() => void handoffs.refetch()} />}
      {comments.isError && <Failed what="comments" retry={() => void comments.refetch()} />}
      {!loaded && !history.isError && !comments.isError ? (
        <p className={styles.notice}>
          <Spinner size="small" label={saving ? 'Saving the item…' : 'Loading the activity…'} />
          <span aria-hidden="true">{saving ? 'Saving the item…' : 'Loading the activity…'}</span>
        </p>
      ) : (
        <ol
          className={styles.entries}
          aria-label="Activity"
          aria-describedby={`${id}-order`}
          aria-busy={history.isFetching || comments.isFetching}
        >
          {entries.map((entry) => (
            <li key={entry.key} className={entry.kind === 'comment' ? styles.commentEntry : styles.event}>
              {entry.kind === 'comment' ? (
                <CommentEntry
                  comment={entry.comment}
                  mine={entry.comment.authorUserId !== null && entry.comment.authorUserId === userId}
                  deletable={isAdmin || (entry.comment.authorUserId !== null && entry.comment.authorUserId === userId)}
                />
              ) : entry.kind === 'handoff' ? (
                line(
                  entry.at,
                  entry.url ? (
                    <a href={entry.url} target="_blank" rel="noreferrer">
                      {entry.text}
                    </a>
                  ) : (
                    entry.text
                  ),
                )
              ) : (
                line(entry.at, entry.text)
              )}
            </li>
          ))}
        </ol>
      )}
      <VisuallyHidden id={`${id}-order`}>Oldest first.</VisuallyHidden>
      {!saving && (
        <CommentComposer
          label="Comment (markdown)"
          submitLabel="Comment"
          onSubmit={(body) => addComment({ id: item.id, body: { body } }).unwrap()}
        />
      )}
    </div>
  );
});
