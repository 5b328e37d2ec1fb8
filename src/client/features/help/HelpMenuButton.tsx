import { lazy, Suspense, useState } from 'react';
import { buttonClassName } from '../../ui';

const HelpMenu = lazy(() => import(/* webpackChunkName: "menus" */ './HelpMenu'));

/** A question mark in a circle, drawn with the current text colour. */
export function HelpIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M6.2 6.3a1.9 1.9 0 0 1 3.7.5c0 1.3-1.9 1.6-1.9 2.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <circle cx="8" cy="11.6" r="0.9" fill="currentColor" />
    </svg>
  );
}

/**
 * The top bar's Help button. Until first opened it is a plain button, so the app's first load carries no
 * menu code; from then on it is the real menu (HelpMenu).
 */
export function HelpMenuButton({ labelClassName }: { labelClassName?: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const plain = (
    <button
      type="button"
      className={buttonClassName({ variant: 'ghost' })}
      aria-label="Help"
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={() => setOpen(true)}
    >
      <HelpIcon />
      <span className={labelClassName}>Help</span>
    </button>
  );
  if (!used && !open) return plain;
  if (!used) setUsed(true);
  return (
    <Suspense fallback={plain}>
      <HelpMenu open={open} onOpenChange={setOpen} labelClassName={labelClassName} />
    </Suspense>
  );
}
