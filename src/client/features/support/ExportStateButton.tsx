import { lazy, Suspense, useRef, useState } from 'react';
import { Button, type ButtonVariant } from '../../ui';
import { exportStateLabel } from './exportStateLabel';
import { useReadOnly } from './readOnly';
import styles from './ExportStateButton.module.css';

// The dialog (and the snapshot code) loads when first opened: the board's first load carries none of it.
const ExportStateDialog = lazy(() =>
  import(/* webpackChunkName: "support" */ './ExportStateDialog').then((module) => ({
    default: module.ExportStateDialog,
  })),
);

/** A box with an arrow out of it, drawn with the current text colour. */
function ExportIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 1.5 11.5 5l-1 1L8.7 4.2V10H7.3V4.2L5.5 6l-1-1L8 1.5ZM2.5 9h1.4v4.1h8.2V9h1.4v5.5h-11V9Z"
      />
    </svg>
  );
}

/**
 * Opens "Export state for support" (the top bar, the app's error screen, the item panel's header, so a
 * snapshot can hold the open panel); `labelClassName` lets the top bar hide the words when narrow.
 */
export function ExportStateButton({
  variant = 'ghost',
  label = exportStateLabel,
  labelClassName,
  iconOnly = false,
}: {
  variant?: ButtonVariant;
  /** The words shown; the button's name is always the whole label. */
  label?: string;
  labelClassName?: string;
  /** Only the icon shows (the item panel's header); the name stays for screen readers. */
  iconOnly?: boolean;
}) {
  const readOnly = useReadOnly();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // A replayed snapshot is not exported again.
  if (readOnly) return null;
  return (
    <>
      <Button
        ref={button}
        variant={variant}
        title={exportStateLabel}
        aria-label={exportStateLabel}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <ExportIcon />
        <span className={iconOnly ? styles.hiddenLabel : labelClassName}>{label}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ExportStateDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
