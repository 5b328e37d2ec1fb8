import { AGENT_LIMITS, type PairContent } from '../../../shared/contract/agent';
import { Button, TextField, useFocusNewRow } from '../../ui';
import { TextArea } from './WizardLayout';
import styles from './Wizard.module.css';

type Milestone = PairContent<'project-plan/plan'>['milestones'][number];

/**
 * The plan's milestones as an editable list: rename, describe, remove, add. A plan may have none (the
 * drafter proposes none when nothing names a demo or a piece of work): then it says so.
 */
export function MilestonesEditor({
  milestones,
  onChange,
}: {
  milestones: Milestone[];
  onChange(milestones: Milestone[]): void;
}) {
  const { containerRef, focusNewRow } = useFocusNewRow<HTMLFieldSetElement>(milestones.length);
  const change = (index: number, edit: Partial<Milestone>) =>
    onChange(milestones.map((milestone, i) => (i === index ? { ...milestone, ...edit } : milestone)));
  const add = () => {
    focusNewRow();
    onChange([...milestones, { title: `Milestone ${milestones.length + 1}`, description: '' }]);
  };
  return (
    <fieldset ref={containerRef} className={styles.fieldset}>
      <legend className={styles.label}>Milestones</legend>
      {milestones.length === 0 && (
        <p className={styles.hint}>No milestones yet: add one for each thing you will show working, in order.</p>
      )}
      {milestones.length > 0 && (
        <ol className={styles.list}>
          {milestones.map((milestone, index) => (
            <li key={index} className={styles.listItem}>
              <TextField
                label={`Milestone ${index + 1}`}
                value={milestone.title}
                maxLength={AGENT_LIMITS.title}
                data-row-input
                onChange={(event) => change(index, { title: event.target.value })}
              />
              <TextArea
                id={`milestone-${index}-description`}
                label="What it shows"
                value={milestone.description}
                rows={2}
                maxLength={AGENT_LIMITS.shortText}
                onChange={(value) => change(index, { description: value })}
              />
              <div className={styles.row}>
                <Button variant="ghost" onClick={() => onChange(milestones.filter((_, i) => i !== index))}>
                  Remove milestone {index + 1}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {milestones.length < AGENT_LIMITS.milestones && (
        <div className={styles.row}>
          <Button onClick={add}>Add a milestone</Button>
        </div>
      )}
    </fieldset>
  );
}
