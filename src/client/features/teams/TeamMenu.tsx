import { lazy, startTransition, Suspense, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectActiveTeam } from './teamSlice';
import { TeamMenuTriggerContent, teamMenuLabel, type OpenedBy } from './TeamMenuTrigger';
import styles from './TeamMenu.module.css';

const loadTeamMenuPopup = () => import(/* webpackChunkName: "team-menu" */ './TeamMenuPopup');
const TeamMenuPopup = lazy(loadTeamMenuPopup);

/** Fetches the menu's code as the pointer or focus reaches the trigger; a failure shows when the menu is opened. */
const preload = () => void loadTeamMenuPopup().catch(() => undefined);

/** The keys that open Radix's dropdown menu from its trigger. */
const openingKeys = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The active team's name in the top bar. Until the menu is first opened it is a plain button, so the
 * board's first load carries no menu, dialog or Radix code; from then on it is the real menu
 * (TeamMenuPopup), opened the way the user asked for it.
 */
export function TeamMenu() {
  const team = useAppSelector(selectActiveTeam);
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(null);
  const [open, setOpen] = useState(false);
  if (!team) return null;

  // A transition keeps this button on screen, focused, until the menu's code is in.
  const openFirst = (by: OpenedBy) =>
    startTransition(() => {
      setOpenedBy((current) => current ?? by);
      setOpen(true);
    });
  const plain = (
    <button
      type="button"
      className={styles.trigger}
      aria-label={teamMenuLabel(team.teamName)}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(event) => {
        // As Radix's trigger does: the left button opens, and focus goes to the menu, not the button.
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        openFirst('pointer');
      }}
      onKeyDown={(event) => {
        if (!openingKeys.has(event.key)) return;
        event.preventDefault();
        openFirst('keyboard');
      }}
      // A click without a pointer press: assistive technology activating the button.
      onClick={() => openFirst('pointer')}
    >
      <TeamMenuTriggerContent teamName={team.teamName} />
    </button>
  );

  return (
    <Suspense fallback={plain}>
      {openedBy ? <TeamMenuPopup open={open} onOpenChange={setOpen} openedBy={openedBy} /> : plain}
    </Suspense>
  );
}
