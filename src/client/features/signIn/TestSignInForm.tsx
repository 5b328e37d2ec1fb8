import { useState, type FormEvent } from 'react';
import { Button, TextField } from '../../ui';
import styles from './TestSignInForm.module.css';

export interface TestSignInFormProps {
  busy: boolean;
  onSubmit: (emailAddress: string) => void;
}

/** The Test provider: any e-mail address, for local use and tests (design §3). */
export function TestSignInForm({ busy, onSubmit }: TestSignInFormProps) {
  const [emailAddress, setEmailAddress] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = emailAddress.trim();
    if (trimmed) onSubmit(trimmed);
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Sign in with Test">
      <TextField
        label="E-mail address"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={emailAddress}
        onChange={(event) => setEmailAddress(event.target.value)}
      />
      <Button type="submit" variant="primary" size="large" fullWidth disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in with Test'}
      </Button>
    </form>
  );
}
