import { lazy, Suspense, useState } from 'react';
import type { CardMenuProps } from './CardMenu';
import styles from './CardMenu.module.css';

const CardMenu = lazy(() => import(/* webpackChunkName: "menus" */ './CardMenu'));

export function DotsIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="3.5" cy="8" r="1.25" fill="currentColor" />
      <circle cx="8" cy="8" r="1.25" fill="currentColor" />
      <circle cx="12.5" cy="8" r="1.25" fill="currentColor" />
    </svg>
  );
}

/**
 * The card's "⋯" button. Until a card's menu is first opened it is a plain button, so the board's
 * first load carries no menu code and each card stays light; from then on it is the real menu.
 */
export function CardMenuButton(props: CardMenuProps) {
  const [used, setUsed] = useState(false);
  const { label, open, onOpenChange } = props;
  const plain = (
    <button
      type="button"
      className={styles.trigger}
      aria-label={`Actions for ${label}`}
      aria-haspopup="menu"
      aria-expanded={open}
      title="Actions (M)"
      onClick={() => onOpenChange(true)}
    >
      <DotsIcon />
    </button>
  );
  if (!used && !open) return plain;
  if (!used) setUsed(true);
  return (
    <Suspense fallback={plain}>
      <CardMenu {...props} />
    </Suspense>
  );
}
