import { useRef, useState, type FocusEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCreateTeamMutation, usePutActiveTeamMutation } from '../../api/userAndTeam';
import { editTeamField } from './editTeamField';
import { errorMessage, envelopeOf } from '../../api/envelopeBaseQuery';
import { selectActiveTeam, selectAvailableTeams } from './teamSlice';
import { Alert, Button } from '../../ui';
import { selectIsTeamAdmin } from './teamSelectors';
import { TeamNameDialog } from './TeamNameDialog';
import { ModalDialog, DialogActions } from './ModalDialog';
import { TeamMenuTriggerContent, teamMenuLabel, type OpenedBy } from './TeamMenuTrigger';
import styles from './TeamMenu.module.css';

type OpenDialog = 'create' | 'rename' | null;

interface TeamMenuPopupProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How the menu was first opened, before this code was loaded. */
  openedBy: OpenedBy;
}

/**
 * The team menu, loaded on first use: switch to another team (the whole screen
 * waits while the context changes), create a team, rename this one (Admins), see its members.
 */
export default function TeamMenuPopup({ open, onOpenChange, openedBy }: TeamMenuPopupProps) {
  const team = useAppSelector(selectActiveTeam);
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  const availableTeams = useAppSelector(selectAvailableTeams);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Radix moves focus to the first item when a key opened the menu; it did not see the key that opened it first.
  const focusFirstItem = useRef(openedBy === 'keyboard');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [renameFailure, setRenameFailure] = useState<{ attempted: string; problem: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [createTeam, creation] = useCreateTeamMutation();
  const [putActiveTeam] = usePutActiveTeamMutation();

  if (!team) return null;
  const teams = availableTeams.some((other) => other.id === team.id)
    ? availableTeams
    : [...availableTeams, { id: team.id, teamName: team.teamName }];
  const sortedTeams = [...teams].sort((a, b) => a.teamName.localeCompare(b.teamName));
  const returnFocusToTrigger = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };
  const onMenuFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!focusFirstItem.current || event.target !== event.currentTarget) return;
    focusFirstItem.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
  };

  async function switchTeam(teamId: string) {
    if (!team || teamId === team.id) return;
    setProblem(null);
    try {
      await putActiveTeam({ newActiveTeamIdentity: teamId }).unwrap();
      navigate('/');
    } catch (error) {
      setProblem(`The team could not be opened: ${errorMessage(error)}`);
    }
  }

  async function create(teamName: string) {
    setProblem(null);
    try {
      await createTeam({ teamName }).unwrap();
      setDialog(null);
      navigate('/');
    } catch (error) {
      // A QuotaLimit answer takes the user to the account settings instead (spec §8).
      if (envelopeOf(error)?.result === 'QuotaLimit') setDialog(null);
    }
  }

  function rename(newTeamName: string) {
    // Optimistic (spec §4): the dialog closes at once; a refusal puts the old name back and reopens it.
    setDialog(null);
    setRenameFailure(null);
    dispatch(editTeamField('teamName', newTeamName.trim())).catch((error: unknown) => {
      setRenameFailure({ attempted: newTeamName, problem: `The team was not renamed: ${errorMessage(error)}` });
      setDialog('rename');
    });
  }

  const creationProblem =
    creation.isError && envelopeOf(creation.error)?.result !== 'QuotaLimit' ? errorMessage(creation.error) : null;

  return (
    <>
      <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
        <Menu.Trigger ref={triggerRef} className={styles.trigger} aria-label={teamMenuLabel(team.teamName)}>
          <TeamMenuTriggerContent teamName={team.teamName} />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className={styles.menu} align="start" sideOffset={6} collisionPadding={8} onFocus={onMenuFocus}>
            <Menu.Label className={styles.label}>Teams</Menu.Label>
            <Menu.RadioGroup value={team.id} onValueChange={(teamId) => void switchTeam(teamId)}>
              {sortedTeams.map((known) => (
                <Menu.RadioItem key={known.id} value={known.id} className={styles.item}>
                  <span className={styles.itemMark} aria-hidden="true">
                    {known.teamName.slice(0, 1).toUpperCase()}
                  </span>
                  <span className={styles.itemText}>{known.teamName}</span>
                  <Menu.ItemIndicator className={styles.indicator}>
                    <CheckIcon />
                  </Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
            <Menu.Separator className={styles.separator} />
            <Menu.Item className={styles.item} onSelect={() => navigate('/settings/members')}>
              <span className={styles.itemText}>Members</span>
            </Menu.Item>
            <Menu.Item className={styles.item} onSelect={() => navigate('/settings/planning')}>
              <span className={styles.itemText}>Planning data</span>
            </Menu.Item>
            {isAdmin && (
              <Menu.Item
                className={styles.item}
                onSelect={() => {
                  setRenameFailure(null);
                  setDialog('rename');
                }}
              >
                <span className={styles.itemText}>Rename team…</span>
              </Menu.Item>
            )}
            <Menu.Item className={styles.item} onSelect={() => setDialog('create')}>
              <span className={styles.itemText}>Create team…</span>
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>

      <TeamNameDialog
        open={dialog === 'create'}
        onOpenChange={(shown) => setDialog(shown ? 'create' : null)}
        title="Create a team"
        description="A new team with its own projects and members, owned by your account. You will be its Admin."
        submitLabel={creation.isLoading ? 'Creating…' : 'Create team'}
        busy={creation.isLoading}
        problem={creationProblem}
        onSubmit={(teamName) => void create(teamName)}
        onCloseAutoFocus={returnFocusToTrigger}
      />
      <TeamNameDialog
        open={dialog === 'rename'}
        onOpenChange={(shown) => setDialog(shown ? 'rename' : null)}
        title="Rename team"
        submitLabel="Rename"
        initialName={renameFailure?.attempted ?? team.teamName}
        problem={renameFailure?.problem}
        onSubmit={rename}
        onCloseAutoFocus={returnFocusToTrigger}
      />
      <ModalDialog
        open={problem !== null}
        onOpenChange={(shown) => !shown && setProblem(null)}
        title="Something went wrong"
        onCloseAutoFocus={returnFocusToTrigger}
      >
        <Alert>{problem}</Alert>
        <DialogActions>
          <Button variant="primary" onClick={() => setProblem(null)}>
            OK
          </Button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M3.5 8.5l3 3 6-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
