import type { ReactNode } from 'react';
import styles from './VisuallyHidden.module.css';

/** Text for assistive technology only; an id lets a control point at it (aria-describedby). */
export function VisuallyHidden({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <span id={id} className={styles.hidden}>
      {children}
    </span>
  );
}
