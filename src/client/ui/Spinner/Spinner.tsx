import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label?: string;
  size?: 'small' | 'medium' | 'large';
}

/** A polite live region with a turning ring. */
export function Spinner({ label = 'Loading…', size = 'medium' }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className={`${styles.spinner} ${styles[size]}`}>
      <span className={styles.ring} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

/** A spinner in the middle of the viewport, for whole-page loads. */
export function CentredSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.centred}>
      <Spinner label={label} size="large" />
    </div>
  );
}
