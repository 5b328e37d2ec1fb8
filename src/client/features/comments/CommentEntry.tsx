import { lazy, Suspense, useId, useState } from 'react';
import { useDeleteItemCommentMutation, useEditItemCommentMutation, type Comment } from '../../api/comments';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Button, Spinner } from '../../ui';
import { CommentComposer } from './CommentComposer';
import { whenText } from './when';
import styles from './Activity.module.css';

const MarkdownView = lazy(() => import(/* webpackChunkName: "markdown" */ '../board/MarkdownView'));

interface Props {
  comment: Comment;
  /** The signed-in user wrote it: they may edit it. */
  mine: boolean;
  /** They may delete it: their own, or anyone's for an Admin. */
  deletable: boolean;
}

/** One comment in the activity stream: who, when, the markdown, and Edit / Delete where allowed. */
export function CommentEntry({ comment, mine, deletable }: Props) {
  const headId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [edit] = useEditItemCommentMutation();
  const [remove] = useDeleteItemCommentMutation();
  const author = mine ? 'You' : (comment.authorEmailAddress ?? 'A former member');
  const target = { id: comment.itemId, commentId: comment.id };

  return (
    <article className={styles.comment} aria-labelledby={headId}>
      <header className={styles.commentHead}>
        <span id={headId}>
          <strong className={styles.author}>{author}</strong>
          {comment.byAgent && <span className={styles.badge}>via agent</span>}{' '}
          <time className={styles.muted} dateTime={comment.dateCreated}>
            {whenText(comment.dateCreated)}
          </time>
          {comment.dateEdited && <span className={styles.muted}> · edited</span>}
        </span>
        <span className={styles.commentActions}>
          {mine && !editing && (
            <Button variant="ghost" aria-describedby={headId} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {deletable && !editing && (
            <Button
              variant="ghost"
              aria-describedby={headId}
              onClick={() => {
                if (!confirming) return setConfirming(true);
                setFailure(null);
                remove(target)
                  .unwrap()
                  .catch((error: unknown) => {
                    setConfirming(false);
                    setFailure(errorMessage(error));
                  });
              }}
              onBlur={() => setConfirming(false)}
            >
              {confirming ? 'Yes, delete it' : 'Delete…'}
            </Button>
          )}
        </span>
      </header>
      {editing ? (
        <CommentComposer
          label="Edit comment (markdown)"
          initial={comment.body}
          submitLabel="Save comment"
          onSubmit={async (body) => {
            await edit({ ...target, body: { body } }).unwrap();
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Suspense fallback={<Spinner label="Loading the comment…" />}>
          <MarkdownView markdown={comment.body} />
        </Suspense>
      )}
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
    </article>
  );
}
