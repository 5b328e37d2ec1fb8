import styles from './TeamMenu.module.css';

/** How the user first opened the menu: Radix focuses the first item for a key, the menu itself for a pointer. */
export type OpenedBy = 'pointer' | 'keyboard';

/** The trigger's accessible name: which team this is, and what the button does. */
export const teamMenuLabel = (teamName: string) => `Team: ${teamName}. Open the team menu`;

/** What the team menu's trigger shows: the same before and after the menu's code has loaded. */
export function TeamMenuTriggerContent({ teamName }: { teamName: string }) {
  return (
    <>
      <span className={styles.teamMark} aria-hidden="true">
        {teamName.slice(0, 1).toUpperCase()}
      </span>
      <span className={styles.teamName} title={teamName}>
        {teamName}
      </span>
      <svg className={styles.chevron} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    </>
  );
}
