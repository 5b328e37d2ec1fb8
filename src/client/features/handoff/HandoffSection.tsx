import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useSendToAgentMutation, type SendToAgentApiResponse } from '../../api/handoff';
import { envelopeOf, errorMessage } from '../../api/envelopeBaseQuery';
import { itemHandedOff } from '../items/itemsSlice';
import { HANDOFF_LIMITS } from '../../../shared/contract/handoff';
import { CodingAgents, codingAgentNames, type CodingAgent } from '../../../shared/contract/github';
import { Alert, Button } from '../../ui';
import styles from './HandoffSection.module.css';

/** workflowStatus "sent to agent" (design §5). */
const SENT_TO_AGENT = 1;

const noUserAuthorization = 'needs your GitHub user authorization, which Baton cannot make yet';
/** Why an agent cannot be chosen yet; null when it can. */
const unavailable: Record<CodingAgent, string | null> = {
  'claude-code': null,
  copilot: noUserAuthorization,
  cursor: noUserAuthorization,
};

/**
 * "Hand off…" in the item panel: sends the item to a coding agent as a GitHub issue in the team's
 * repository. A not-ready item is refused with its reasons and can be sent anyway; unsaved text must
 * be saved first, so the issue says what the panel shows.
 */
export function HandoffSection(props: { itemId: string; dirty: boolean; onSent(url: string): void; onClose(): void }) {
  const dispatch = useAppDispatch();
  const [send, sending] = useSendToAgentMutation();
  const [instructions, setInstructions] = useState('');
  const [problem, setProblem] = useState<{ message: string; canForce: boolean } | null>(null);
  const [sent, setSent] = useState<SendToAgentApiResponse | null>(null);

  const submit = async (force: boolean) => {
    setProblem(null);
    try {
      const handoff = await send({
        itemId: props.itemId,
        automationKind: 0,
        agent: 'claude-code',
        ...(instructions.trim() ? { instructions } : {}),
        ...(force ? { force: true } : {}),
      }).unwrap();
      setSent(handoff);
      dispatch(itemHandedOff(props.itemId, { codingAgentUrl: handoff.issueUrl, workflowStatus: SENT_TO_AGENT }));
      if (handoff.issueUrl) props.onSent(handoff.issueUrl);
    } catch (error) {
      const message = errorMessage(error);
      setProblem({ message, canForce: envelopeOf(error)?.result === 'InvalidRequest' && /^Not ready/.test(message) });
    }
  };

  if (sent) {
    return (
      <div className={styles.box} role="status">
        <p>
          Sent to Claude Code:{' '}
          <a href={sent.issueUrl ?? undefined} target="_blank" rel="noreferrer">
            issue #{sent.issueNumber} in {sent.repository}
          </a>
          . The pull request will show on the item when GitHub reports it.
        </p>
        <div className={styles.actions}>
          <Button onClick={props.onClose}>Done</Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className={styles.box}
      aria-label="Hand off"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(false);
      }}
    >
      <fieldset className={styles.agents}>
        <legend className={styles.label}>Agent</legend>
        {CodingAgents.map((agent) => (
          <label key={agent} className={styles.agent}>
            <input
              type="radio"
              name="agent"
              value={agent}
              defaultChecked={!unavailable[agent]}
              disabled={Boolean(unavailable[agent])}
            />
            <span>
              {codingAgentNames[agent]}
              {unavailable[agent] && <span className={styles.muted}> — {unavailable[agent]}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <p className={styles.muted}>
        As a GitHub issue in the team&apos;s repository (Settings → GitHub), with the description, goals, context and
        test scenarios. A terminal command for a local agent needs Baton&apos;s MCP server, which is not here yet.
      </p>
      <label className={styles.field}>
        <span className={styles.label}>Extra instructions (optional)</span>
        <textarea
          className={styles.textarea}
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
          maxLength={HANDOFF_LIMITS.instructions}
          rows={3}
        />
      </label>
      {problem && <Alert>{problem.message}</Alert>}
      {props.dirty && <p className={styles.muted}>Save your changes first: the issue is made from the saved item.</p>}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={props.onClose} disabled={sending.isLoading}>
          Cancel
        </Button>
        <span className={styles.spacer} />
        {problem?.canForce && (
          <Button onClick={() => void submit(true)} disabled={sending.isLoading || props.dirty}>
            Send anyway
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={sending.isLoading || props.dirty}>
          Send to Claude Code
        </Button>
      </div>
    </form>
  );
}
