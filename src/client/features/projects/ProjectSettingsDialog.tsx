import { useId, useMemo, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useDeleteProjectMutation } from '../../api/projects';
import { errorMessage } from '../../api/envelopeBaseQuery';
import type { Milestone, Project } from '../../../shared/contract/userAndTeam';
import { ProjectStatus } from '../../../shared/enums';
import { milestoneProblem } from '../../../shared/timeframes';
import { Alert, Button, TextField, useFocusNewRow } from '../../ui';
import { projectStatusLabel, selectAllProjects } from './projectsSelectors';
import { removedMilestoneItems } from './removedMilestoneItems';
import { saveProjectSettings } from './saveProjectSettings';
import { projectConflictResolved, type ProjectChanges } from './projectActions';
import { ProjectConflict } from './ProjectConflict';
import { allItemsIn } from '../items/itemShards';
import styles from './ProjectDialogs.module.css';

interface ProjectSettingsDialogProps {
  project: Project;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

type DraftMilestone = Milestone & { key: string };

let draftCounter = 0;
const draftKey = () => `m${(draftCounter += 1)}`;

const byIndex = (milestones: readonly Milestone[]) =>
  [...milestones].sort((a, b) => a.index - b.index).map(({ index, name, targetDate }) => ({ index, name, targetDate }));
const draftMilestones = (milestones: readonly Milestone[]): DraftMilestone[] =>
  byIndex(milestones).map((m) => ({ ...m, key: draftKey() }));
/** Whether a setting is unchanged (milestones compared in index order, whatever order they are kept in). */
function sameSetting(value: unknown, before: unknown) {
  const normal = (v: unknown) => (Array.isArray(v) ? byIndex(v as Milestone[]) : v);
  return JSON.stringify(normal(value)) === JSON.stringify(normal(before));
}

/**
 * A project's settings: name, description, status, milestones (the board's coarse buckets) and, at the
 * foot, deleting it — its items moved to another project or deleted with it.
 */
export default function ProjectSettingsDialog({ project, onClose, onCloseAutoFocus }: ProjectSettingsDialogProps) {
  const dispatch = useAppDispatch();
  const projects = useAppSelector(selectAllProjects);
  const [deleteProject, deletion] = useDeleteProjectMutation();
  // The project as the dialog opened on it: the edit is made to this version, whatever arrives meanwhile.
  const [opened] = useState(project);
  // Values refused because someone else saved the same fields first come back to be saved again.
  const conflict = useAppSelector((state) => state.projects.conflicts[project.id]);
  const [start] = useState(() => ({ ...opened, ...conflict?.mine }));
  const [name, setName] = useState(start.description);
  const [about, setAbout] = useState(start.projectDescription);
  const [status, setStatus] = useState(start.status);
  const [milestones, setMilestones] = useState<DraftMilestone[]>(() => draftMilestones(start.milestones));
  const milestoneRows = useFocusNewRow<HTMLFieldSetElement>(milestones.length);
  // The board's items, when it shows this project: what removing a milestone would move.
  const boardItems = useAppSelector((state) => (state.items.projectId === project.id ? state.items.shards : null));
  const movedOut = useMemo(
    () => (boardItems ? removedMilestoneItems(allItemsIn(boardItems), project.milestones, milestones) : []),
    [boardItems, project.milestones, milestones],
  );

  const [problem, setProblem] = useState<string | null>(null);
  const others = projects.filter((other) => other.id !== project.id);
  const [transferTo, setTransferTo] = useState<string>(others[0]?.id ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const id = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = milestones.map(({ key: _key, ...milestone }) => ({ ...milestone, name: milestone.name.trim() }));
    if (!name.trim()) return setProblem('The project needs a name.');
    if (cleaned.some((milestone) => !milestone.name || !milestone.targetDate)) {
      return setProblem('Every milestone needs a name and a target date.');
    }
    const order = milestoneProblem(cleaned);
    if (order) return setProblem(`Milestones: ${order}.`);
    // Optimistic (spec §4): the board shows the change at once; a refusal puts the old settings back.
    onClose();
    const edited: ProjectChanges = { description: name.trim(), projectDescription: about, status, milestones: cleaned };
    const changes = Object.fromEntries(
      Object.entries(edited).filter(([field, value]) => !sameSetting(value, opened[field as keyof ProjectChanges])),
    ) as ProjectChanges;
    if (Object.keys(changes).length > 0) void dispatch(saveProjectSettings(opened, changes));
    else if (conflict) dispatch(projectConflictResolved(project.id));
  };

  const remove = async () => {
    if (!confirmDelete) {
      setConfirmDelete(true);
      return;
    }
    setProblem(null);
    try {
      await deleteProject({ projectId: project.id, body: { transferItemsToProjectId: transferTo || null } }).unwrap();
      onClose();
    } catch (error) {
      setProblem(`The project was not deleted: ${errorMessage(error)}`);
    }
  };

  const nextIndex = () => milestones.reduce((max, m) => Math.max(max, m.index), -1) + 1;
  const change = (key: string, changes: Partial<Milestone>) =>
    setMilestones((list) => list.map((m) => (m.key === key ? { ...m, ...changes } : m)));

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <div className={styles.backdrop} aria-hidden="true" />
        <Dialog.Content className={styles.content} onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title className={styles.title}>Project settings</Dialog.Title>
          <Dialog.Description className={styles.description}>{project.description}</Dialog.Description>
          <form className={styles.form} onSubmit={save}>
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={200}
              required
            />
            <label className={styles.field}>
              <span className={styles.fieldLabel}>Description</span>
              <textarea
                className={styles.textarea}
                value={about}
                onChange={(event) => setAbout(event.target.value)}
                rows={3}
              />
            </label>
            <label className={styles.field}>
              <span className={styles.fieldLabel}>Status</span>
              <select
                className={styles.select}
                value={status}
                onChange={(event) => setStatus(Number(event.target.value))}
              >
                {[ProjectStatus.Live, ProjectStatus.Completed, ProjectStatus.Cancelled].map((value) => (
                  <option key={value} value={value}>
                    {projectStatusLabel[value]}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className={styles.milestones} ref={milestoneRows.containerRef}>
              <legend className={styles.fieldLabel}>Milestones</legend>
              <p className={styles.hint}>In date order. Each becomes a bucket on the board, after the weeks.</p>
              {milestones.length === 0 && <p className={styles.hint}>No milestones yet.</p>}
              {milestones.map((milestone, position) => (
                <div key={milestone.key} className={styles.milestone}>
                  <label className={styles.visuallyHidden} htmlFor={`${id}-${milestone.key}-name`}>
                    Milestone {position + 1} name
                  </label>
                  <input
                    data-row-input=""
                    id={`${id}-${milestone.key}-name`}
                    className={styles.input}
                    value={milestone.name}
                    placeholder="Name"
                    maxLength={200}
                    onChange={(event) => change(milestone.key, { name: event.target.value })}
                  />
                  <label className={styles.visuallyHidden} htmlFor={`${id}-${milestone.key}-date`}>
                    Milestone {position + 1} target date
                  </label>
                  <input
                    id={`${id}-${milestone.key}-date`}
                    className={styles.input}
                    type="date"
                    value={milestone.targetDate}
                    onChange={(event) => change(milestone.key, { targetDate: event.target.value })}
                  />
                  <Button
                    variant="ghost"
                    aria-label={`Remove milestone ${milestone.name || position + 1}`}
                    onClick={() => setMilestones((list) => list.filter((m) => m.key !== milestone.key))}
                  >
                    ✕
                  </Button>
                </div>
              ))}
              <div>
                <Button
                  onClick={() => {
                    milestoneRows.focusNewRow();
                    setMilestones((list) => [
                      ...list,
                      { key: draftKey(), index: nextIndex(), name: '', targetDate: '' },
                    ]);
                  }}
                >
                  Add milestone
                </Button>
              </div>
            </fieldset>
            {movedOut.length > 0 && (
              <p className={styles.warning} role="status">
                Saving moves{' '}
                {movedOut
                  .map(({ name, count }) => `${count} ${count === 1 ? 'item' : 'items'} of ${name || 'a milestone'}`)
                  .join(' and ')}{' '}
                to Unscheduled.
              </p>
            )}
            {conflict && <ProjectConflict theirs={conflict.theirs} />}
            {problem && <Alert>{problem}</Alert>}
            <div className={styles.actions}>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="primary">
                Save
              </Button>
            </div>
          </form>
          <section className={styles.danger} aria-labelledby={`${id}-danger`}>
            <h3 id={`${id}-danger`} className={styles.dangerTitle}>
              Delete this project
            </h3>
            <label className={styles.field}>
              <span className={styles.fieldLabel}>Its items</span>
              <select
                className={styles.select}
                value={transferTo}
                onChange={(event) => setTransferTo(event.target.value)}
              >
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    Move them to {other.description} (out of scope, unscheduled)
                  </option>
                ))}
                <option value="">Delete them with the project</option>
              </select>
            </label>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                className={styles.dangerButton}
                disabled={deletion.isLoading}
                onClick={() => void remove()}
              >
                {confirmDelete ? `Yes, delete ${project.description}` : 'Delete project…'}
              </Button>
            </div>
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
