import styles from './TeamMenu.module.css';

/** How the user first opened the menu: Radix focuses the first item for a key, the menu itself for a pointer. */
export type OpenedBy = 'pointer' | 'keyboard';

/** The trigger's accessible name: the team's name it shows first (WCAG 2.5.3, label in name), then what it opens. */
export const teamMenuLabel = (teamName: string) => `${teamName}, team menu`;

/** What the team menu's trigger shows: the same before and after the menu's code has loaded. */
export function TeamMenuTriggerContent({ teamName }: { teamName: string }) {
  return (
    <>
      {/* The initial is drawn by CSS, so the button's visible text is the team's name alone. */}
      <span className={styles.teamMark} aria-hidden="true" data-initial={teamName.slice(0, 1).toUpperCase()} />
      <span className={styles.teamName} title={teamName}>
        {teamName}
      </span>
      <svg className={styles.chevron} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    </>
  );
}
