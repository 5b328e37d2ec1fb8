import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../../ui';
import { DialogActions, ModalDialog } from './ModalDialog';
import styles from './TeamNameDialog.module.css';

export const TEAM_NAME_MAX_LENGTH = 100;

export interface TeamNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  submitLabel: string;
  initialName?: string;
  busy?: boolean;
  problem?: string | null;
  /** Called with the trimmed, non-empty name. */
  onSubmit: (teamName: string) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks for a team name: creating a team, or renaming the active one. */
export function TeamNameDialog({ open, onOpenChange, initialName = '', ...props }: TeamNameDialogProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={props.title}
      description={props.description}
      onCloseAutoFocus={props.onCloseAutoFocus}
    >
      {/* Mounted per opening, so each opening starts from the current name. */}
      {open && <TeamNameForm initialName={initialName} onCancel={() => onOpenChange(false)} {...props} />}
    </ModalDialog>
  );
}

function TeamNameForm({
  initialName,
  submitLabel,
  busy = false,
  problem,
  onSubmit,
  onCancel,
}: Pick<TeamNameDialogProps, 'submitLabel' | 'busy' | 'problem' | 'onSubmit'> & {
  initialName: string;
  onCancel: () => void;
}) {
  const [teamName, setTeamName] = useState(initialName);
  const trimmed = teamName.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !busy) onSubmit(trimmed);
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <TextField
        label="Team name"
        name="teamName"
        autoComplete="off"
        required
        maxLength={TEAM_NAME_MAX_LENGTH}
        value={teamName}
        onChange={(event) => setTeamName(event.target.value)}
        // Radix focuses the first focusable element: this field.
      />
      {problem && <Alert>{problem}</Alert>}
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={!trimmed || busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
