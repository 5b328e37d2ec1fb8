import * as Dialog from '@radix-ui/react-dialog';
import { useScrollLock } from '../../ui';
import { SHORTCUTS } from './shortcuts';
import styles from './CommandPalette.module.css';

/** The keyboard shortcuts, grouped (opened with ?). */
export default function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const groups = [...new Set(SHORTCUTS.map((shortcut) => shortcut.group))];
  useScrollLock();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {/* Our own backdrop: Radix's Overlay locks scrolling by injecting a <style> the CSP refuses. */}
        <div className={styles.overlay} aria-hidden="true" />
        <Dialog.Content className={styles.sheet} aria-modal="true" aria-describedby={undefined}>
          <Dialog.Title className={styles.title}>Keyboard shortcuts</Dialog.Title>
          {groups.map((group) => (
            <section key={group} aria-label={group}>
              <h3 className={styles.group}>{group}</h3>
              <dl className={styles.keys}>
                {SHORTCUTS.filter((shortcut) => shortcut.group === group).map((shortcut) => (
                  <div key={shortcut.keys} className={styles.keyRow}>
                    <dt>
                      <kbd className={styles.kbd}>{shortcut.keys}</kbd>
                    </dt>
                    <dd>{shortcut.does}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <Dialog.Close className={styles.close}>Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
