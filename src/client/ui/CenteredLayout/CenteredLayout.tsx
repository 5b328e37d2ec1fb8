import type { ReactNode } from 'react';
import styles from './CenteredLayout.module.css';

/** One narrow column in the middle of the viewport: sign-in, errors, notices. */
export function CenteredLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className={styles.page}>
      <div className={wide ? `${styles.column} ${styles.wide}` : styles.column}>{children}</div>
    </main>
  );
}
