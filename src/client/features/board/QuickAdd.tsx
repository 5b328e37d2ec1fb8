import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { createItem } from '../items/itemCommands';
import { ItemKinds, kindLabel, type ItemKind } from '../items/itemModel';
import { ItemType } from '../../../shared/enums';
import { bucketKey, type PlanBucket } from '../../../shared/timeframes';
import { Button } from '../../ui';
import { useBoardNavigation } from './boardNavigation';
import styles from './QuickAdd.module.css';

interface QuickAddProps {
  bucket: PlanBucket;
  bucketLabel: string;
  onClose: () => void;
}

interface PendingAdd {
  tempId: string;
  description: string;
  kind: ItemKind;
}

/**
 * Adds items at the top of a bucket: type a title, pick the kind, Enter. The form stays open for the
 * next one, which goes below the one before, so a typed list keeps its order. Escape clears a typed
 * title first (and says so), then closes. "Added…" is said once the server accepted the item; a create
 * it refuses is said so and puts its title back in the empty field, so nothing typed is lost.
 */
export function QuickAdd({ bucket, bucketLabel, onClose }: QuickAddProps) {
  const dispatch = useAppDispatch();
  const navigation = useBoardNavigation();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<ItemKind>(ItemType.Demo);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [pending, setPending] = useState<PendingAdd[]>([]);
  // The item added last from this form: the next one goes right below it.
  const [lastTempId, setLastTempId] = useState<string | null>(null);
  // null once the server refused the create (itemCreateFailed), a server id once it accepted it.
  const resolved = useAppSelector((state) => state.items.resolvedTempIds);
  const afterIndex = useAppSelector((state) => {
    if (!lastTempId) return -1;
    const id = state.items.resolvedTempIds[lastTempId] ?? lastTempId;
    return state.items.bucketIds[bucketKey(bucket)]?.indexOf(id) ?? -1;
  });
  useEffect(() => {
    const settled = pending.filter((add) => resolved[add.tempId] !== undefined);
    if (settled.length === 0) return;
    for (const add of settled) {
      if (resolved[add.tempId] === null) {
        navigation.announce(`Could not add “${add.description}”. Its title is back in the field.`);
        setText((current) => (current === '' ? add.description : current));
      } else {
        navigation.announce(`Added ${kindLabel[add.kind]} “${add.description}” to ${bucketLabel}.`);
      }
    }
    setPending((current) => current.filter((add) => resolved[add.tempId] === undefined));
  }, [resolved, pending, navigation, bucketLabel]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const description = text.trim();
    if (!description) return;
    const index = afterIndex + 1;
    const created = dispatch(createItem({ itemType: kind, item: { description }, bucket, index }));
    if (created) {
      setPending((current) => [...current, { tempId: created, description, kind }]);
      setLastTempId(created);
      setText('');
    }
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (text.trim()) {
      setText('');
      navigation.announce('Cleared the title. Escape again closes the form.');
      return;
    }
    onClose();
  };

  return (
    <form className={styles.form} onSubmit={submit} onKeyDown={onKeyDown} aria-label={`New item in ${bucketLabel}`}>
      <label htmlFor={`${id}-title`} className={styles.hiddenLabel}>
        Title
      </label>
      <input
        id={`${id}-title`}
        ref={inputRef}
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Title, then Enter"
        autoComplete="off"
        // The user asked for this form this moment: focus belongs in it.
        autoFocus
        maxLength={2000}
      />
      <div className={styles.row}>
        <fieldset className={styles.kinds}>
          <legend className={styles.hiddenLabel}>Kind</legend>
          {ItemKinds.map((value) => (
            <label key={value} className={`${styles.kind} ${kind === value ? styles.selected : ''}`} data-kind={value}>
              <input
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className={styles.radio}
              />
              {value === ItemType.GoToMarket ? 'GTM' : value === ItemType.Implementation ? 'Impl.' : 'Demo'}
              <span className={styles.hiddenLabel}> ({kindLabel[value]})</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="primary" className={styles.add} disabled={!text.trim()}>
          Add
        </Button>
        <Button type="button" variant="ghost" className={styles.add} onClick={onClose} aria-label="Close new item">
          ✕
        </Button>
      </div>
    </form>
  );
}
