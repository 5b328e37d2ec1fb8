import { useState, type FormEvent } from 'react';
import { useCreateProjectMutation, useSetActiveProjectMutation } from '../../api/projects';
import { envelopeOf, errorMessage } from '../../api/envelopeBaseQuery';
import { Alert, Button, TextField } from '../../ui';
import { DialogActions, ModalDialog } from '../teams/ModalDialog';
import styles from './ProjectDialogs.module.css';

interface NewProjectDialogProps {
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Creates a project and opens its (empty) board. */
export default function NewProjectDialog({ onClose, onCloseAutoFocus }: NewProjectDialogProps) {
  const [name, setName] = useState('');
  const [about, setAbout] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [createProject, creation] = useCreateProjectMutation();
  const [setActiveProject] = useSetActiveProjectMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const description = name.trim();
    if (!description) return;
    setProblem(null);
    try {
      const project = await createProject({ description, projectDescription: about.trim() }).unwrap();
      onClose();
      await setActiveProject({ newActiveProjectId: project.id }).unwrap();
    } catch (error) {
      // A QuotaLimit answer sends the user to the account settings instead (spec §8).
      if (envelopeOf(error)?.result === 'QuotaLimit') onClose();
      else setProblem(errorMessage(error));
    }
  };

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="New project"
      description="Its board starts empty; it becomes the project you are planning."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={200}
          required
        />
        <label className={styles.field}>
          <span className={styles.fieldLabel}>What it is about (optional)</span>
          <textarea
            className={styles.textarea}
            value={about}
            onChange={(event) => setAbout(event.target.value)}
            rows={3}
            maxLength={20_000}
          />
        </label>
        {problem && <Alert>{problem}</Alert>}
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={!name.trim() || creation.isLoading}>
            {creation.isLoading ? 'Creating…' : 'Create project'}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
