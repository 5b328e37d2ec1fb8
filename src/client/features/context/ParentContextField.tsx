import { Link } from 'react-router-dom';
import { useListContextItemsQuery } from '../../api/contextItems';
import { chainOf } from './contextTree';
import styles from './ParentContextField.module.css';

/**
 * An item's parent context in the item panel: a choice of the team's context items, the chain above
 * the chosen one (root first), and the way to the context page. `onLeave` runs before that link
 * navigates (the panel saves what was typed).
 */
export function ParentContextField(props: { value: string; onChange(id: string): void; onLeave?: () => void }) {
  const list = useListContextItemsQuery();
  const items = list.data?.contextItems ?? [];
  const chain = chainOf(items, props.value || null).reverse();
  // A parent the list does not hold (deleted meanwhile) still shows, so the select never lies.
  const unknown = props.value && !items.some((item) => item.id === props.value);

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor="parent-context">
        Parent context
      </label>
      <select
        id="parent-context"
        className={styles.select}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        disabled={list.isLoading}
      >
        <option value="">None</option>
        {unknown && <option value={props.value}>(not found)</option>}
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.title}
          </option>
        ))}
      </select>
      <p className={styles.muted}>
        {list.error ? (
          'The context items could not be read.'
        ) : chain.length > 1 ? (
          <span data-testid="parent-context-chain">{chain.map((context) => context.title).join(' › ')}</span>
        ) : items.length === 0 && !list.isLoading ? (
          'No context items yet.'
        ) : null}{' '}
        <Link to={props.value ? `/context?id=${encodeURIComponent(props.value)}` : '/context'} onClick={props.onLeave}>
          Manage context
        </Link>
      </p>
    </div>
  );
}
