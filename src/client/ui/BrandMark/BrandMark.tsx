import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden';
import styles from './BrandMark.module.css';

/** The Baton mark (a baton being passed), with the name beside it or for screen readers only. */
export function BrandMark({ withName = true }: { withName?: boolean }) {
  return (
    <span className={styles.brand}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect className={styles.markBox} width="32" height="32" rx="8" />
        <path className={styles.markStroke} d="M9 23 L23 9" strokeWidth="4" strokeLinecap="round" />
        <circle className={styles.markDot} cx="23" cy="9" r="3" />
      </svg>
      {withName ? 'Baton' : <VisuallyHidden>Baton</VisuallyHidden>}
    </span>
  );
}
