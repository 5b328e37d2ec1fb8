import { useEffect, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Flows, stepLabels, type FlowName } from '../../../shared/flows';
import { Alert, Button } from '../../ui';
import styles from './Wizard.module.css';

/** A flow's page: its title, where the user is among its steps, and the step itself. */
export function WizardLayout<F extends FlowName>(props: {
  title: string;
  flow: F;
  step: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const steps = Flows[props.flow] as readonly string[];
  const current = steps.indexOf(props.step);
  useEffect(() => {
    document.title = `${props.title} · Baton`;
  }, [props.title]);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{props.title}</h1>
        {props.lead && <p className={styles.lead}>{props.lead}</p>}
        <ol className={styles.steps} aria-label="Steps">
          {steps.map((step, index) => (
            <li
              key={step}
              className={index < current ? styles.done : index === current ? styles.current : undefined}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              {stepLabels[step] ?? step}
            </li>
          ))}
        </ol>
      </header>
      {props.children}
    </div>
  );
}

/**
 * One step as a form: its fields, a problem if the last action failed, and Back / the main action.
 * Enter in a field, or Ctrl+Enter (⌘+Enter) in a text area, runs the main action.
 */
export function WizardStep(props: {
  heading: string;
  children: ReactNode;
  problem?: string | null;
  busy?: boolean;
  submitLabel: string;
  onSubmit(): void;
  onBack?: () => void;
  extraActions?: ReactNode;
  status?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.busy) props.onSubmit();
  };
  const submitFromTextArea = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && event.target instanceof HTMLTextAreaElement) {
      event.preventDefault();
      if (!props.busy) props.onSubmit();
    }
  };
  return (
    <form className={styles.card} onSubmit={submit} onKeyDown={submitFromTextArea} aria-busy={props.busy || undefined}>
      <h2 className={styles.stepTitle}>{props.heading}</h2>
      {props.children}
      {props.problem && <Alert>{props.problem}</Alert>}
      {props.status}
      <div className={styles.actions}>
        {props.onBack && (
          <Button variant="ghost" onClick={props.onBack} disabled={props.busy}>
            Back
          </Button>
        )}
        <span className={styles.spacer} />
        {props.extraActions}
        <Button type="submit" variant="primary" disabled={props.busy}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A labelled multi-line field, the wizards' main input. */
export function TextArea(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  rows?: number;
  maxLength?: number;
  autoFocus?: boolean;
  id?: string;
}) {
  const id = props.id ?? `field-${props.label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={props.value}
        rows={props.rows ?? 6}
        maxLength={props.maxLength}
        autoFocus={props.autoFocus}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </span>
      )}
    </div>
  );
}
