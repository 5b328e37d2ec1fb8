import { Button, Spinner } from '../../ui';
import styles from './Wizard.module.css';

/** What a partial draft says so far: the end of its text, or how many entries its list has. */
export function partialPreview(partial: unknown): string | null {
  if (!partial || typeof partial !== 'object') return null;
  for (const value of Object.values(partial)) {
    if (typeof value === 'string' && value.trim()) return value.length > 400 ? `…${value.slice(-400)}` : value;
    if (Array.isArray(value) && value.length > 0) return `${value.length} so far…`;
  }
  return null;
}

/**
 * Progress while a part is generated: the seconds it has taken, the draft as it grows (streamed by
 * the server), and a way to stop it (nothing is counted then).
 */
export function GeneratingStatus(props: { seconds: number; onCancel(): void; what: string; partial?: unknown }) {
  const preview = partialPreview(props.partial);
  return (
    <div className={styles.generatingBox}>
      <div className={styles.generating}>
        <Spinner size="small" label={`Drafting ${props.what}`} />
        <span>
          Drafting {props.what}… {props.seconds > 0 ? `${props.seconds} s` : ''}
        </span>
        <Button variant="ghost" onClick={props.onCancel}>
          Stop
        </Button>
      </div>
      {preview && (
        <p className={styles.partial} data-testid="generation-preview">
          {preview}
        </p>
      )}
    </div>
  );
}
