import { Link } from 'react-router-dom';
import type { StoredPattern } from '../../../shared/contract/agentDrafts';
import { useAgentDraft } from './useAgentDraft';
import styles from './PatternPicker.module.css';

const patternsOf = (content: Record<string, unknown> | undefined) =>
  (content?.patterns as { patterns?: StoredPattern[] } | undefined)?.patterns ?? [];

/**
 * An implementation's patterns, picked from the team's engineering and product catalogues (the
 * patterns flow writes them). An id no longer in a catalogue stays listed, so it can be removed.
 */
export function PatternPicker({ selected, onChange }: { selected: string[]; onChange(ids: string[]): void }) {
  const engineering = patternsOf(useAgentDraft('engineering-patterns').draft?.content);
  const product = patternsOf(useAgentDraft('product-patterns').draft?.content);
  const known = new Set([...engineering, ...product].map((pattern) => pattern.id));
  const missing = selected.filter((id) => !known.has(id));
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((selectedId) => selectedId !== id));

  const group = (title: string, patterns: StoredPattern[]) =>
    patterns.length > 0 && (
      <div className={styles.group} role="group" aria-label={title}>
        <span className={styles.groupTitle}>{title}</span>
        {patterns.map(
          (pattern) =>
            pattern.id && (
              <label key={pattern.id} className={styles.option} title={pattern.description}>
                <input
                  type="checkbox"
                  checked={selected.includes(pattern.id)}
                  onChange={(event) => toggle(pattern.id!, event.target.checked)}
                />
                {pattern.name}
              </label>
            ),
        )}
      </div>
    );

  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>Patterns</legend>
      {engineering.length + product.length === 0 && (
        <p className={styles.muted}>
          No patterns yet. <Link to="/flows/patterns/engineering">Identify engineering patterns</Link> or{' '}
          <Link to="/flows/patterns/product">product patterns</Link> to pick from them here.
        </p>
      )}
      {group('Engineering', engineering)}
      {group('Product', product)}
      {missing.map((id) => (
        <label key={id} className={styles.option}>
          <input type="checkbox" checked onChange={() => toggle(id, false)} />
          <span className={styles.muted}>A pattern no longer in the catalogue ({id})</span>
        </label>
      ))}
    </fieldset>
  );
}
