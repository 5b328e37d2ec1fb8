import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Alert, Button } from '../../ui';
import page from '../agent/AiSettingsPage.module.css';
import styles from './McpSettingsPage.module.css';

/**
 * One revocable entry of Settings → MCP (a token, a connected client): its name, what it may do and
 * when it was used, and a button that ends it at once, saying why when the server refuses.
 */
export function RevocableRow(props: {
  name: string;
  details: ReactNode;
  action: string;
  busy: boolean;
  revoke(): Promise<unknown>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <li className={styles.token} aria-label={props.name}>
      <div className={styles.tokenText}>
        <span className={styles.tokenName}>{props.name}</span>
        <span className={page.muted}>{props.details}</span>
        {problem && <Alert>{problem}</Alert>}
      </div>
      <Button
        variant="secondary"
        disabled={props.busy}
        onClick={() => {
          setProblem(null);
          props.revoke().catch((error: unknown) => setProblem(errorMessage(error)));
        }}
      >
        {props.action}
      </Button>
    </li>
  );
}

/** "last used …" or "never used". */
export const lastUse = (iso: string | null) => (iso ? `last used ${new Date(iso).toLocaleString()}` : 'never used');
