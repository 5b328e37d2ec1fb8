import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import styles from './ModalDialog.module.css';

export interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Where focus goes when the dialog closes (e.g. the menu that opened it); default: Radix's choice. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A modal dialog: focus trapped, Escape and a click outside close it, the page behind is hidden
 * from assistive technology. The backdrop is our own element rather than Radix's Overlay, whose
 * scroll lock injects a <style> tag the page's Content-Security-Policy refuses.
 */
export function ModalDialog({ open, onOpenChange, title, description, children, onCloseAutoFocus }: ModalDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <div className={styles.backdrop} aria-hidden="true" />
        <Dialog.Content
          className={styles.content}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description && <Dialog.Description className={styles.description}>{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The row of buttons at the foot of a dialog: the main action last (right). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
