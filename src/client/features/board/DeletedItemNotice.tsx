import * as Dialog from '@radix-ui/react-dialog';
import { Button, CopyButton } from '../../ui';
import styles from './ItemPanel.module.css';

/** Text the user typed in the panel and had not saved, by field, to copy once the item is gone. */
export interface UnsavedText {
  field: string;
  text: string;
}

/**
 * The open item left the board (another member deleted it, or moved it to another project) while its
 * panel was open: said so, with whatever the user had typed and not saved, to copy before closing.
 */
export function DeletedItemNotice(props: {
  externalId: string;
  title: string;
  unsaved: UnsavedText[];
  onClose: () => void;
}) {
  const { externalId, title, unsaved } = props;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <div className={styles.backdrop} aria-hidden="true" />
        <Dialog.Content className={styles.panel} role="alertdialog">
          <Dialog.Title className={styles.title}>{externalId} is no longer on this board</Dialog.Title>
          <Dialog.Description className={styles.notice}>
            Someone else deleted “{title}”, or moved it to another project, while you had it open.
            {unsaved.length > 0
              ? ' What you typed was not saved: copy it before you close this.'
              : ' You had no unsaved changes.'}
          </Dialog.Description>
          {unsaved.map(({ field, text }) => (
            <section key={field} className={styles.section}>
              <h3 className={styles.sectionTitle}>Your unsaved {field}</h3>
              <textarea
                className={styles.textarea}
                aria-label={`Your unsaved ${field}`}
                value={text}
                readOnly
                rows={Math.min(12, text.split('\n').length + 1)}
              />
              <div>
                <CopyButton text={text} label={`Copy the ${field}`} />
              </div>
            </section>
          ))}
          <footer className={styles.footer}>
            <span className={styles.spacer} />
            <Dialog.Close asChild>
              <Button variant="primary">Close</Button>
            </Dialog.Close>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The text fields of an unsaved edit, as the user would paste them back. */
export function unsavedTextOf(patch: { description?: string; goals?: string[]; newTestScenarios?: string[] }) {
  const texts: UnsavedText[] = [];
  if (patch.description !== undefined) texts.push({ field: 'description', text: patch.description });
  if (patch.goals?.length) texts.push({ field: 'goals', text: patch.goals.join('\n') });
  if (patch.newTestScenarios?.length) texts.push({ field: 'test scenarios', text: patch.newTestScenarios.join('\n') });
  return texts;
}
