import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  useCreateContextItemMutation,
  useDeleteContextItemMutation,
  useListContextItemsQuery,
  usePutContextItemMutation,
  type ListContextItemsApiResponse,
} from '../../api/contextItems';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Alert, Button } from '../../ui';
import { CONTEXT_ITEM_LIMITS, ContextItemKinds } from '../../../shared/contract/contextItems';
import { chainOf, selfAndDescendants } from './contextTree';
import styles from './ContextItemsPage.module.css';

type ContextItem = ListContextItemsApiResponse['contextItems'][number];
const NEW = 'new';

/**
 * `/context`: the team's context items — decisions, constraints, documents, links — in a side list,
 * with the selected one (or a new one) in the editor beside it. The selection is in the address
 * (`?id=…`, `?id=new`), so a context item can be linked.
 */
export function ContextItemsPage() {
  const list = useListContextItemsQuery();
  const [params, setParams] = useSearchParams();
  const items = useMemo(() => list.data?.contextItems ?? [], [list.data]);
  const selectedId = params.get('id');
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const select = (id: string | null) => setParams(id ? { id } : {}, { replace: false });

  useEffect(() => {
    document.title = 'Context · Baton';
  }, []);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Context</h1>
          <p className={styles.lead}>
            Shared background your items hang under: decisions, constraints, documents. AI drafts read it, and so will
            the coding agents you hand items to.
          </p>
        </div>
        <Button variant="primary" onClick={() => select(NEW)}>
          New context item
        </Button>
      </header>
      {list.error && <Alert>{errorMessage(list.error)}</Alert>}
      <div className={styles.layout}>
        <nav className={styles.list} aria-label="Context items">
          {list.isLoading ? (
            <p className={styles.muted}>Loading…</p>
          ) : items.length === 0 ? (
            <p className={styles.muted}>
              Nothing yet. Add the decisions and constraints every item should respect — “Payments go through Stripe”,
              “Support the last two iOS versions” — then pick one as an item&apos;s parent context.
            </p>
          ) : (
            <ul className={styles.entries}>
              {items.map((item) => {
                const parent = item.parentContextItemId
                  ? items.find((other) => other.id === item.parentContextItemId)
                  : undefined;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={styles.entry}
                      aria-current={item.id === selectedId || undefined}
                      onClick={() => select(item.id)}
                    >
                      <span className={styles.entryTitle}>{item.title}</span>
                      <span className={styles.entryMeta}>
                        {item.kind && <span className={styles.kind}>{item.kind}</span>}
                        {parent && <span>under {parent.title}</span>}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </nav>
        <section className={styles.editor} aria-label="Editor">
          {selectedId === NEW ? (
            <ContextItemEditor key={NEW} item={null} items={items} onSaved={select} onDeleted={() => select(null)} />
          ) : selected ? (
            <ContextItemEditor
              key={selected.id}
              item={selected}
              items={items}
              onSaved={select}
              onDeleted={() => select(null)}
            />
          ) : (
            <p className={styles.muted}>
              {selectedId && !list.isLoading
                ? 'This context item no longer exists.'
                : 'Choose a context item, or add one.'}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

function ContextItemEditor(props: {
  item: ContextItem | null;
  items: readonly ContextItem[];
  onSaved(id: string): void;
  onDeleted(): void;
}) {
  const { item, items } = props;
  const [title, setTitle] = useState(item?.title ?? '');
  const [kind, setKind] = useState(item?.kind ?? '');
  const [parentId, setParentId] = useState(item?.parentContextItemId ?? '');
  const [body, setBody] = useState(item?.body ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useCreateContextItemMutation();
  const [put, putting] = usePutContextItemMutation();
  const [remove, removing] = useDeleteContextItemMutation();
  const busy = creating.isLoading || putting.isLoading || removing.isLoading;

  // A context item cannot sit under itself or anything under it.
  const excluded = useMemo(() => (item ? selfAndDescendants(items, item.id) : new Set<string>()), [items, item]);
  const parents = items.filter((other) => !excluded.has(other.id));
  const chain = chainOf(items, parentId || null).reverse();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const fields = { title, body, kind: kind || null, parentContextItemId: parentId || null };
    try {
      if (item) {
        await put({ id: item.id, body: fields }).unwrap();
        props.onSaved(item.id);
      } else {
        props.onSaved((await create(fields).unwrap()).id);
      }
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const deleteItem = async () => {
    if (!item) return;
    if (!confirmDelete) return setConfirmDelete(true);
    setProblem(null);
    try {
      await remove(item.id).unwrap();
      props.onDeleted();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <form className={styles.form} onSubmit={save} aria-busy={busy || undefined}>
      <h2 className={styles.editorTitle}>{item ? 'Edit context item' : 'New context item'}</h2>
      <label className={styles.field}>
        <span className={styles.label}>Title</span>
        <input
          className={styles.input}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={CONTEXT_ITEM_LIMITS.title}
          required
          autoFocus={!item}
        />
      </label>
      <div className={styles.row}>
        <label className={styles.field}>
          <span className={styles.label}>Kind</span>
          <select className={styles.input} value={kind} onChange={(event) => setKind(event.target.value)}>
            <option value="">None</option>
            {ContextItemKinds.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
            {kind && !(ContextItemKinds as readonly string[]).includes(kind) && <option value={kind}>{kind}</option>}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Parent</span>
          <select className={styles.input} value={parentId} onChange={(event) => setParentId(event.target.value)}>
            <option value="">None (a root)</option>
            {parents.map((other) => (
              <option key={other.id} value={other.id}>
                {other.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      {chain.length > 0 && (
        <p className={styles.muted} data-testid="context-chain">
          Under {chain.map((context) => context.title).join(' › ')}
        </p>
      )}
      <label className={styles.field}>
        <span className={styles.label}>Body (markdown)</span>
        <textarea
          className={`${styles.input} ${styles.textarea}`}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={CONTEXT_ITEM_LIMITS.body}
          rows={12}
        />
      </label>
      {problem && <Alert>{problem}</Alert>}
      <div className={styles.actions}>
        {item && (
          <Button variant="ghost" className={styles.delete} onClick={deleteItem} disabled={busy}>
            {confirmDelete ? 'Yes, delete it' : 'Delete…'}
          </Button>
        )}
        {confirmDelete && (
          <span className={styles.muted}>Items and context under it are kept, without this parent.</span>
        )}
        <span className={styles.spacer} />
        <Button type="submit" variant="primary" disabled={busy || !title.trim()}>
          {item ? 'Save' : 'Add'}
        </Button>
      </div>
    </form>
  );
}
