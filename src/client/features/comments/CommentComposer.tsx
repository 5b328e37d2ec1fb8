import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { COMMENT_LIMITS } from '../../../shared/contract/comments';
import { Button } from '../../ui';
import styles from './Activity.module.css';

interface Props {
  label: string;
  initial?: string;
  submitLabel: string;
  /** Sends the text; a refusal is shown and the text stays to try again. */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}

/** A comment's text box: markdown, Ctrl/⌘+Enter sends, Escape cancels an edit. */
export function CommentComposer({ label, initial = '', submitLabel, onSubmit, onCancel }: Props) {
  const hintId = useId();
  const [text, setText] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blank = text.trim() === '';

  const send = async () => {
    if (blank || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSubmit(text);
      setText('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      // The panel's own Ctrl+Enter saves the item; here it sends the comment only.
      event.preventDefault();
      event.stopPropagation();
      void send();
    } else if (event.key === 'Escape' && onCancel) {
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        className={styles.textarea}
        aria-label={label}
        aria-describedby={hintId}
        value={text}
        maxLength={COMMENT_LIMITS.body}
        rows={3}
        autoFocus={initial !== ''}
        placeholder="Markdown works; @name mentions a member."
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className={styles.hint}>
        Ctrl+Enter to send. Mention a member with @ and the start of their e-mail address, e.g. @ada.
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={blank || sending}>
          {sending ? 'Sending…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
