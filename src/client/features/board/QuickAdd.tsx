import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { createItem } from '../items/itemCommands';
import { ItemKinds, kindLabel, type ItemKind } from '../items/itemModel';
import { ItemType } from '../../../shared/enums';
import type { PlanBucket } from '../../../shared/timeframes';
import { Button } from '../../ui';
import { useBoardNavigation } from './boardNavigation';
import styles from './QuickAdd.module.css';

interface QuickAddProps {
  bucket: PlanBucket;
  bucketLabel: string;
  onClose: () => void;
}

/**
 * Adds items at the top of a bucket: type a title, pick the kind, Enter. The form stays open for the
 * next one. Escape clears a typed title first (and says so), then closes. A create the server refuses
 * puts its title back in the empty field, so nothing typed is lost.
 */
export function QuickAdd({ bucket, bucketLabel, onClose }: QuickAddProps) {
  const dispatch = useAppDispatch();
  const navigation = useBoardNavigation();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<ItemKind>(ItemType.Demo);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [lastAdded, setLastAdded] = useState<{ tempId: string; description: string } | null>(null);
  // null once the server refused the create (itemCreateFailed), a server id once it accepted it.
  const outcome = useAppSelector((state) => (lastAdded ? state.items.resolvedTempIds[lastAdded.tempId] : undefined));
  useEffect(() => {
    if (outcome !== null || !lastAdded) return;
    setText((current) => (current === '' ? lastAdded.description : current));
    setLastAdded(null);
  }, [outcome, lastAdded]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const description = text.trim();
    if (!description) return;
    const created = dispatch(createItem({ itemType: kind, item: { description }, bucket, index: 0 }));
    if (created) {
      navigation.announce(`Added ${kindLabel[kind]} “${description}” to ${bucketLabel}.`);
      setLastAdded({ tempId: created, description });
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
