import { createContext, useContext, type ReactNode } from 'react';
import styles from './readOnly.module.css';

/** True inside the support snapshot viewer: nothing may be changed. */
export const ReadOnlyContext = createContext(false);

export const useReadOnly = () => useContext(ReadOnlyContext);

/**
 * Disables every form control inside it when read-only — the browser's own `<fieldset disabled>`, so
 * a control added later is covered too. It takes no room (display: contents). For content that a
 * portal moves out of the viewer's own fieldset, such as the item panel's dialog (with `note`, saying so).
 */
export function ReadOnlyFieldset({ children, note = false }: { children: ReactNode; note?: boolean }) {
  const readOnly = useReadOnly();
  if (!readOnly) return <>{children}</>;
  return (
    <fieldset disabled className={styles.frozen} data-read-only="">
      {note && <p className={styles.note}>Read-only snapshot: nothing here can be changed.</p>}
      {children}
    </fieldset>
  );
}
