import type { ReactNode } from 'react';
import styles from './Alert.module.css';

/** A message in the flow of the page; errors are announced at once, notes politely. */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'info'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${styles[tone]}`}>
      {children}
    </div>
  );
}
