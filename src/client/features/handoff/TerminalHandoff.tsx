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
 * The terminal hand-off, once sent: the item token (made on a click, shown once), then the two
 * commands to run in the repository. The card moves as the agent reports back over MCP.
 */
export function TerminalHandoff(props: { itemId: string; terminal: Commands; onClose(): void }) {
  const [makeToken, token] = useCreateMcpItemTokenMutation();
  return (
    <div className={styles.box} role="status" aria-label="Terminal hand-off">
      <p>
        Run these in your repository&apos;s folder. Claude Code reads the item over Baton&apos;s MCP server and the card
        moves as it reports its progress and its pull request.
      </p>
      {token.data ? (
        <>
          <Command label="1. The item's token (in your shell)" text={`export BATON_TOKEN='${token.data.token}'`} />
          <p className={styles.muted}>
            Valid until {new Date(token.data.expiresAt).toLocaleString()}. Shown once: Baton keeps only its hash; revoke
            it in Settings → MCP.
          </p>
        </>
      ) : (
        <div className={styles.field}>
          <span className={styles.label}>1. The item&apos;s token</span>
          <p className={styles.muted}>
            For 24 hours it reads every item and context item of your team, and on this item only records progress and
            links the pull request. It cannot change this item&apos;s description, goals or test scenarios, nor any
            other item. Making a token revokes the one made before for this item.
          </p>
          <div className={styles.actions}>
            <Button onClick={() => void makeToken(props.itemId)} disabled={token.isLoading}>
              Make the token
            </Button>
          </div>
          {token.error && <Alert>{errorMessage(token.error)}</Alert>}
        </div>
      )}
      <Command label="2. Add Baton to Claude Code" text={props.terminal.addServer} />
      <Command label="3. Start Claude Code on the item" text={props.terminal.run} />
      <div className={styles.actions}>
        <Button onClick={props.onClose}>Done</Button>
      </div>
    </div>
  );
}
