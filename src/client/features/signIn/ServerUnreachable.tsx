import { useEffect } from 'react';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { BrandMark, Button, CenteredLayout } from '../../ui';
import styles from './ServerUnreachable.module.css';

/** A call that got no answer at all (offline, or the server down), as against one the server refused. */
export function gotNoAnswer(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

/**
 * What a returning user sees when their session could not be checked: offline (or the server down) in
 * words, or the server's own message. It tries again by itself when the browser is back online.
 */
export function ServerUnreachable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const offline = gotNoAnswer(error);
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <CenteredLayout>
      <BrandMark />
      <div className={styles.body} role="alert">
        <h1 className={styles.title}>{offline ? 'Baton can’t be reached' : 'Baton could not open your board'}</h1>
        {offline ? (
          <p className={styles.detail}>
            This device seems to be offline, or the server is not answering. Your work is safe on the server; Baton
            opens it again as soon as the connection is back.
          </p>
        ) : (
          <p className={styles.detail}>The server answered: {errorMessage(error)}</p>
        )}
      </div>
      <div>
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </CenteredLayout>
  );
}
