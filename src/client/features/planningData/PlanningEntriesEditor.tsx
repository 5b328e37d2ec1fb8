import { useId, useRef } from 'react';
import { Button, useFocusNewRow } from '../../ui';
import { newEntry, type PlanningEntry } from './planningEntries';
import styles from './PlanningDataPage.module.css';

/** The entries as an Admin edits them: a name and a value each, added and removed freely. */
export function PlanningEntriesEditor({
  label,
  entries,
  disabled,
  onChange,
}: {
  label: string;
  entries: readonly PlanningEntry[];
  disabled: boolean;
  onChange: (entries: PlanningEntry[]) => void;
}) {
  const id = useId();
  const { containerRef, focusNewRow } = useFocusNewRow<HTMLDivElement>(entries.length);
  const addRef = useRef<HTMLButtonElement>(null);
  const change = (key: string, patch: Partial<PlanningEntry>) =>
    onChange(entries.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  return (
    <div className={styles.editor} ref={containerRef}>
      {entries.length > 0 && (
        <ul className={styles.entries} aria-label={`Entries of the ${label}`}>
          {entries.map((entry, index) => {
            const name = entry.name.trim() || `entry ${index + 1}`;
            return (
              <li key={entry.key} className={styles.entry}>
                <label className={styles.fieldLabel} htmlFor={`${id}-${entry.key}-name`}>
                  Name
                </label>
                <input
                  id={`${id}-${entry.key}-name`}
                  className={styles.input}
                  data-row-input
                  value={entry.name}
                  maxLength={200}
                  disabled={disabled}
                  onChange={(event) => change(entry.key, { name: event.target.value })}
                />
                <label className={styles.fieldLabel} htmlFor={`${id}-${entry.key}-value`}>
                  {entry.json ? 'Value (JSON)' : 'Value'}
                </label>
                <textarea
                  id={`${id}-${entry.key}-value`}
                  className={entry.json ? `${styles.textarea} ${styles.code}` : styles.textarea}
                  value={entry.text}
                  rows={Math.min(8, Math.max(2, entry.text.split('\n').length))}
                  disabled={disabled}
                  spellCheck={!entry.json}
                  onChange={(event) => change(entry.key, { text: event.target.value })}
                />
                <Button
                  variant="ghost"
                  className={styles.remove}
                  disabled={disabled}
                  aria-label={`Remove ${name}`}
                  onClick={() => {
                    onChange(entries.filter((other) => other.key !== entry.key));
                    // The row and its button go: focus stays in the list's controls rather than falling to the page.
                    addRef.current?.focus();
                  }}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button
          ref={addRef}
          disabled={disabled}
          onClick={() => {
            focusNewRow();
            onChange([...entries, newEntry()]);
          }}
        >
          Add entry
        </Button>
      </div>
    </div>
  );
}
