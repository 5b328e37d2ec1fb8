import { AGENT_LIMITS } from '../../../shared/contract/agent';
import type { StoredPattern } from '../../../shared/contract/agentDrafts';
import { Button, TextField } from '../../ui';
import { TextArea } from './WizardLayout';
import styles from './Wizard.module.css';

/** A pattern catalogue as an editable list; a pattern keeps its id, so items referencing it still do. */
export function PatternsEditor({
  patterns,
  onChange,
}: {
  patterns: StoredPattern[];
  onChange(patterns: StoredPattern[]): void;
}) {
  const change = (index: number, edit: Partial<StoredPattern>) =>
    onChange(patterns.map((pattern, i) => (i === index ? { ...pattern, ...edit } : pattern)));
  return (
    <>
      <ol className={styles.list} aria-label="Patterns">
        {patterns.map((pattern, index) => (
          <li key={pattern.id ?? `new-${index}`} className={styles.listItem}>
            <TextField
              label={`Pattern ${index + 1}`}
              value={pattern.name}
              maxLength={AGENT_LIMITS.patternName}
              onChange={(event) => change(index, { name: event.target.value })}
            />
            <TextArea
              id={`pattern-${index}-description`}
              label="What it asks of a change"
              value={pattern.description}
              rows={2}
              maxLength={AGENT_LIMITS.shortText}
              onChange={(value) => change(index, { description: value })}
            />
            <div className={styles.row}>
              <Button variant="ghost" onClick={() => onChange(patterns.filter((_, i) => i !== index))}>
                Remove pattern {index + 1}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {patterns.length < AGENT_LIMITS.patterns && (
        <div className={styles.row}>
          <Button onClick={() => onChange([...patterns, { name: '', description: '' }])}>Add a pattern</Button>
        </div>
      )}
    </>
  );
}
