import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useListMentionsQuery, useMarkMentionsReadMutation } from '../../api/comments';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { itemPath } from '../board/useBoardUrl';
import { Button, CentredSpinner, Spinner } from '../../ui';
import { whenText } from './when';
import styles from './Mentions.module.css';

const MarkdownView = lazy(() => import(/* webpackChunkName: "markdown" */ '../board/MarkdownView'));

/**
 * What mentions you in the active team, newest first: the comment, who wrote it, on which item. Opening
 * one marks it read and opens the item; "Mark all read" clears the count.
 */
export function MentionsPage() {
  const mentions = useListMentionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markRead, marking] = useMarkMentionsReadMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const list = mentions.data?.mentions ?? [];
  const unread = mentions.data?.unread ?? 0;
  return (
    <section className={styles.page} aria-labelledby="mentions-heading">
      <header className={styles.header}>
        <div>
          <h1 id="mentions-heading" className={styles.title} ref={heading} tabIndex={-1}>
            Mentions
          </h1>
          <p className={styles.lead}>Comments that name you with @. {unread > 0 ? `${unread} unread.` : 'All read.'}</p>
        </div>
        <Button disabled={unread === 0 || marking.isLoading} onClick={() => void markRead({})}>
          Mark all read
        </Button>
      </header>
      {mentions.isError ? (
        <p role="alert">
          {errorMessage(mentions.error)}{' '}
          <Button variant="ghost" onClick={() => void mentions.refetch()}>
            Try again
          </Button>
        </p>
      ) : !mentions.data ? (
        <CentredSpinner label="Loading your mentions…" />
      ) : list.length === 0 ? (
        <p className={styles.lead}>
          Nobody has mentioned you yet. When someone writes @ and your name in a comment, it shows here.
        </p>
      ) : (
        <ol className={styles.list} aria-label="Mentions">
          {list.map(({ comment, item, read }) => (
            <li key={comment.id} className={styles.mention} data-unread={!read || undefined}>
              <div className={styles.meta}>
                {!read && <span className={styles.dot} aria-label="Unread" role="img" />}
                <Link
                  className={styles.item}
                  to={itemPath(item.externalId)}
                  onClick={() => {
                    if (!read) void markRead({ commentIds: [comment.id] });
                  }}
                >
                  <span className={styles.key}>{item.externalId}</span> {item.title}
                </Link>
              </div>
              <p className={styles.byline}>
                {comment.authorEmailAddress ?? 'A former member'}
                {comment.byAgent ? ' (via agent)' : ''} ·{' '}
                <time dateTime={comment.dateCreated}>{whenText(comment.dateCreated)}</time>
              </p>
              <Suspense fallback={<Spinner size="small" label="Loading the comment…" />}>
                <MarkdownView markdown={comment.body} />
              </Suspense>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
