import { useCreateMcpItemTokenMutation } from '../../api/mcp';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Alert, Button, CopyButton } from '../../ui';
import type { SendToAgentApiResponse } from '../../api/handoff';
import styles from './HandoffSection.module.css';

type Commands = NonNullable<SendToAgentApiResponse['terminal']>;

function Command({ label, text }: { label: string; text: string }) {
  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      <pre className={styles.command}>
        <code>{text}</code>
      </pre>
      <div className={styles.actions}>
        <CopyButton text={text} label="Copy" />
      </div>
    </div>
  );
}

/**
 * The terminal hand-off, once sent: the item token (made on a click, shown once), then the commands to
 * run in the repository. The token is pasted at a hidden prompt, never into a command, so it stays out
 * of the shell's history. The card moves as the agent reports back over MCP.
 */
export function TerminalHandoff(props: { itemId: string; terminal: Commands; onClose(): void }) {
  const [makeToken, token] = useCreateMcpItemTokenMutation();
  const { terminal } = props;
  return (
    <div className={styles.box} role="status" aria-label="Terminal hand-off">
      <p>
        Run these in your repository&apos;s folder, in bash or zsh. Claude Code reads the item over Baton&apos;s MCP
        server as <code>{terminal.serverName}</code> and the card moves as it reports its progress and its pull request.
      </p>
      <div className={styles.field}>
        <span className={styles.label}>1. The item&apos;s token</span>
        <p className={styles.muted}>
          For 24 hours it reads every project, item and context item of your team, and on this item only records
          progress and links the pull request. It cannot change this item&apos;s description, goals or test scenarios,
          nor any other item. Making a token revokes the one made before for this item.
        </p>
        {token.data ? (
          <>
            <input
              className={`${styles.input} ${styles.token}`}
              aria-label="Item token"
              value={token.data.token}
              readOnly
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className={styles.actions}>
              <CopyButton text={token.data.token} label="Copy the token" />
            </div>
            <p className={styles.muted}>
              Valid until {new Date(token.data.expiresAt).toLocaleString()}. Shown once: Baton keeps only its hash;
              revoke it in Settings → MCP.
            </p>
          </>
        ) : (
          <div className={styles.actions}>
            <Button onClick={() => void makeToken(props.itemId)} disabled={token.isLoading}>
              Make the token
            </Button>
          </div>
        )}
        {token.error && <Alert>{errorMessage(token.error)}</Alert>}
      </div>
      <Command label="2. Paste the token at this prompt (kept out of your shell history)" text={terminal.readToken} />
      <Command label="3. Add the item's server to Claude Code" text={terminal.addServer} />
      <Command label="4. Start Claude Code on the item" text={terminal.run} />
      <div className={styles.actions}>
        <Button onClick={props.onClose}>Done</Button>
      </div>
    </div>
  );
}
