import { CenteredLayout } from '../ui/CenteredLayout/CenteredLayout';
import { Button } from '../ui/Button/Button';
import styles from './LoadFailure.module.css';

export const loadFailureMessage = 'Sorry, there was a problem loading the app.';

export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

export const offlineLoadDetail = 'This device seems to be offline. Reload once the connection is back.';

/** Shown when the route set's chunk cannot be loaded (offline, or a deploy replaced it). */
export function LoadFailure({ error }: { error: unknown }) {
  const detail = navigator.onLine === false ? offlineLoadDetail : errorMessageOf(error);
  return (
    <CenteredLayout>
      <div role="alert" className={styles.failure}>
        <h1 className={styles.title}>{loadFailureMessage}</h1>
        <p className={styles.detail}>{detail}</p>
      </div>
      <div>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </CenteredLayout>
  );
}
