import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { quotaErrorDismissed, selectActiveQuotaError } from '../quota/quotaErrorSlice';
import { Button } from '../../ui';
import styles from './QuotaErrorBanner.module.css';

/** The active quota error (spec §8), in the spec's words, until the user dismisses it. */
export function QuotaErrorBanner() {
  const activeError = useAppSelector(selectActiveQuotaError);
  const dispatch = useAppDispatch();
  if (!activeError) return null;
  return (
    <div className={styles.banner} role="alert" data-testid="quota-error">
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <p className={styles.message}>{activeError.message}</p>
      <Button variant="ghost" className={styles.dismiss} onClick={() => dispatch(quotaErrorDismissed())}>
        Dismiss
      </Button>
    </div>
  );
}
