import { useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Alert, Button } from '../../ui';
import { editTeamField, PlanningConflictError } from '../teams/editTeamField';
import {
  planningConflictResolved,
  selectPlanningConflict,
  type PlanningField,
  type PlanningValue,
} from '../teams/planningConflictsSlice';
import { entriesOf, sizeOf, valueOf, type PlanningEntry, type PlanningLimits } from './planningEntries';
import { PlanningEntriesEditor } from './PlanningEntriesEditor';
import { PlanningEntriesView } from './PlanningEntriesView';
import { PlanningConflict } from './PlanningConflict';
import styles from './PlanningDataPage.module.css';

export interface PlanningSectionProps {
  field: PlanningField;
  title: string;
  /** The field's name in a sentence ("go-to-market plan"). */
  label: string;
  about: string;
  limits: PlanningLimits;
  teamId: string;
  value: PlanningValue;
  version: number;
  canEdit: boolean;
}

/** A draft being edited: the entries, and the value and version they were made from. */
interface Draft {
  entries: PlanningEntry[];
  base: PlanningValue;
  version: number;
}

/**
 * One planning field. An Admin edits its entries and saves them as an edit of the version they were
 * made from (shown at once, put back if refused; a clash with someone else's change asks which to
 * keep); until they change something the entries follow the team as it changes. Editors read it.
 */
export function PlanningDataSection(props: PlanningSectionProps) {
  const { field, title, label, about, limits, teamId, value, version, canEdit } = props;
  const dispatch = useAppDispatch();
  const conflict = useAppSelector((state) => selectPlanningConflict(state, teamId, field));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = `planning-${field}`;
  // Where focus goes when the conflict panel (and the button just pressed) goes away.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const entries = draft?.entries ?? entriesOf(value);
  const edit = (next: PlanningEntry[]) => {
    setProblem(null);
    setDraft((current) => ({ entries: next, base: current?.base ?? value, version: current?.version ?? version }));
  };

  async function save(next: PlanningValue, base: { value: PlanningValue; version: number }) {
    setSaving(true);
    setProblem(null);
    try {
      await dispatch(editTeamField(field, next, base));
      setDraft(null);
    } catch (error) {
      // A clash is shown by the conflict panel, which keeps this value to choose from.
      if (error instanceof PlanningConflictError) setDraft(null);
      else setProblem(`Couldn’t save the ${label}: ${errorMessage(error)}`);
    } finally {
      setSaving(false);
    }
  }

  function submit() {
    if (!draft) return;
    const checked = valueOf(draft.entries, label, limits);
    if ('problem' in checked) return setProblem(checked.problem);
    void save(checked.value, { value: draft.base, version: draft.version });
  }

  const checked = draft ? valueOf(draft.entries, label, limits) : { value };
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.sectionTitle} ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <p className={styles.about}>{about}</p>
      </div>
      {conflict && canEdit && (
        <PlanningConflict
          label={label}
          conflict={conflict}
          busy={saving}
          onUseTheirs={() => {
            dispatch(planningConflictResolved({ teamId, field }));
            headingRef.current?.focus();
          }}
          onSaveMine={() => void save(conflict.mine, { value, version }).then(() => headingRef.current?.focus())}
        />
      )}
      {canEdit ? (
        <>
          <PlanningEntriesEditor label={label} entries={entries} disabled={saving} onChange={edit} />
          {problem && <Alert>{problem}</Alert>}
          <div className={styles.footer}>
            <span className={styles.size}>{'value' in checked ? sizeOf(checked.value, limits) : ''}</span>
            <div className={styles.actions}>
              <Button variant="ghost" disabled={!draft || saving} onClick={() => setDraft(null)}>
                Discard changes
              </Button>
              <Button variant="primary" disabled={!draft || saving} onClick={submit}>
                {saving ? 'Saving…' : 'Save'}
              </Button>
            </div>
          </div>
        </>
      ) : (
        <PlanningEntriesView value={value} empty={`The ${label} is empty.`} />
      )}
    </section>
  );
}
