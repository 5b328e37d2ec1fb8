import { Fragment, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppDispatch } from '../../app/hooks';
import { useSendToAgentMutation, type SendToAgentApiResponse } from '../../api/handoff';
import { useGetGithubUserStatusQuery } from '../../api/github';
import { ConnectGithubAccount } from '../github/ConnectGithubAccount';
import { TerminalHandoff } from './TerminalHandoff';
import { RepositoryFields } from '../github/RepositoryFields';
import { envelopeOf, errorMessage } from '../../api/envelopeBaseQuery';
import { itemHandedOff } from '../items/itemsSlice';
import { HANDOFF_LIMITS } from '../../../shared/contract/handoff';
import { CodingAgents, codingAgentNames, type CodingAgent } from '../../../shared/contract/github';
import { useListContextItemsQuery } from '../../api/contextItems';
import { chainOf } from '../context/contextTree';
import { itemReadiness, type ItemReadinessInput } from '../../../shared/handoffReadiness';
import { Alert, Button } from '../../ui';
import { GITHUB_APP_SETTINGS } from '../../../shared/githubSettings';
import { docsHref } from '../help/docsLinks';
import styles from './HandoffSection.module.css';
import { WorkflowStatus } from '../../../shared/enums';

/** Checks the sender can fix right here, rather than an Admin in Settings → GitHub. */
const USER_CHECK = 'Your GitHub account connected';

/**
 * "Hand off…" in the item panel: sends the item to a coding agent as a GitHub issue in the team's
 * repository. A not-ready item is refused with its reasons and can be sent anyway; unsaved text must
 * be saved first, so the issue says what the panel shows.
 */
export function HandoffSection(props: {
  itemId: string;
  dirty: boolean;
  /** The saved item, for the readiness checks the server makes on sending. */
  item: Omit<ItemReadinessInput, 'parentContexts'> & { parentContextItemId: string | null };
  /** Leaves the panel (saving it) for a page where a check can be fixed. */
  onOpen(path: string): void;
  /** After a send: the item's hand-off fields as the server has set them. */
  onSent(saved: { codingAgentUrl?: string; workflowStatus: number }): void;
  onClose(): void;
}) {
  const dispatch = useAppDispatch();
  const [send, sending] = useSendToAgentMutation();
  const status = useGetGithubUserStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  const [agent, setAgent] = useState<CodingAgent>('claude-code');
  const githubOff = status.data?.configured === false;
  /** As a GitHub issue (0), or a terminal command for a local Claude Code (1); unchosen, the one that works here. */
  const [chosenKind, setAutomationKind] = useState<0 | 1 | null>(null);
  const automationKind = githubOff ? 1 : (chosenKind ?? 0);
  const terminal = automationKind === 1;
  const [instructions, setInstructions] = useState('');
  /** Empty: the team's repository and its base branch (Settings → GitHub). */
  const [repository, setRepository] = useState('');
  const [baseBranch, setBaseBranch] = useState('');
  const [problem, setProblem] = useState<{ message: string; canForce: boolean } | null>(null);
  const [sent, setSent] = useState<SendToAgentApiResponse | null>(null);
  /** The refusal the sender chose to override, kept on screen after the send so the choice stays visible. */
  const [overridden, setOverridden] = useState<string | null>(null);

  const submit = async (force: boolean) => {
    setOverridden(force ? (problem?.message ?? null) : null);
    setProblem(null);
    try {
      const handoff = await send({
        itemId: props.itemId,
        automationKind,
        agent,
        ...(repository && !terminal ? { repository } : {}),
        ...(baseBranch.trim() && !terminal ? { baseBranch: baseBranch.trim() } : {}),
        ...(instructions.trim() ? { instructions } : {}),
        ...(force ? { force: true } : {}),
      }).unwrap();
      setSent(handoff);
      // Without its issue yet (GitHub's answer was lost) the item stays as it was until GitHub reports it.
      if (!handoff.issueUrl && !handoff.terminal) return;
      const saved = {
        ...(handoff.issueUrl ? { codingAgentUrl: handoff.issueUrl } : {}),
        workflowStatus: WorkflowStatus.SentToAgent,
      };
      dispatch(itemHandedOff(props.itemId, saved));
      props.onSent(saved);
    } catch (error) {
      const message = errorMessage(error);
      setProblem({ message, canForce: envelopeOf(error)?.result === 'InvalidRequest' && /^Not ready/.test(message) });
    }
  };

  const contexts = useListContextItemsQuery(props.item.parentContextItemId ? undefined : skipToken);
  const parentContexts = chainOf(contexts.data?.contextItems ?? [], props.item.parentContextItemId);
  const itemChecks = itemReadiness({ ...props.item, parentContexts });
  const readiness = status.data?.agents ?? [];
  const chosen = readiness.find((entry) => entry.agent === agent);

  if (sent?.terminal) return <TerminalHandoff itemId={props.itemId} terminal={sent.terminal} onClose={props.onClose} />;
  const sentAnyway = overridden && (
    <p className={styles.muted}>
      Sent anyway, though it was refused: {overridden.replace(/ Fix them, or send anyway\.$/, '')}
    </p>
  );
  if (sent?.notice) {
    return (
      <div className={styles.box} role="status">
        <p>{sent.notice}</p>
        {sentAnyway}
        <div className={styles.actions}>
          <Button onClick={props.onClose}>Done</Button>
        </div>
      </div>
    );
  }
  if (sent) {
    return (
      <div className={styles.box} role="status">
        <p>
          Sent to {codingAgentNames[sent.agent]}:{' '}
          <a href={sent.issueUrl ?? undefined} target="_blank" rel="noreferrer">
            issue #{sent.issueNumber} in {sent.repository}
          </a>
          . The pull request will show on the item when GitHub reports it.
        </p>
        {sentAnyway}
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
      <fieldset className={styles.how}>
        <legend className={styles.label}>How</legend>
        <label className={styles.agent}>
          <input
            type="radio"
            name="how"
            checked={!terminal}
            disabled={githubOff}
            aria-describedby={githubOff ? 'handoff-github-off' : undefined}
            onChange={() => setAutomationKind(0)}
          />
          <span>GitHub issue{githubOff && <span className={styles.muted}> — not set up on this Baton</span>}</span>
        </label>
        <label className={styles.agent}>
          <input
            type="radio"
            name="how"
            checked={terminal}
            onChange={() => {
              setAutomationKind(1);
              setAgent('claude-code');
              setProblem(null);
            }}
          />
          <span>Terminal (Claude Code on your machine)</span>
        </label>
      </fieldset>
      <fieldset className={styles.agents}>
        <legend className={styles.label}>Agent</legend>
        {CodingAgents.map((candidate) => {
          const ready = readiness.find((entry) => entry.agent === candidate)?.ready;
          return (
            <label key={candidate} className={styles.agent}>
              <input
                type="radio"
                name="agent"
                value={candidate}
                checked={agent === candidate}
                disabled={terminal && candidate !== 'claude-code'}
                onChange={() => {
                  setAgent(candidate);
                  setProblem(null);
                }}
              />
              <span>
                {codingAgentNames[candidate]}
                {ready === false && !terminal && <span className={styles.muted}> — not ready</span>}
              </span>
            </label>
          );
        })}
      </fieldset>
      {itemChecks.some((check) => !check.ok) && (
        <div className={styles.field}>
          <span className={styles.label}>Before the item is ready</span>
          <ul className={styles.checks} aria-label="Item readiness">
            {itemChecks.map((check, index) => (
              <li key={`${check.check}-${index}`} className={check.ok ? styles.checkOk : styles.checkMissing}>
                <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span> {check.check}
                {check.fix && <span className={styles.muted}> — {check.fix}</span>}
                {check.contextItemId && (
                  <>
                    {' '}
                    <Button variant="ghost" onClick={() => props.onOpen(`/context?id=${check.contextItemId}`)}>
                      Write it
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {chosen && !chosen.ready && !terminal && (
        <div className={styles.field}>
          <span className={styles.label}>Before {codingAgentNames[agent]} can start</span>
          <ul className={styles.checks} aria-label={`${codingAgentNames[agent]} readiness`}>
            {chosen.checks.map((check) => (
              <li key={check.check} className={check.ok ? styles.checkOk : styles.checkMissing}>
                <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span> {check.check}
                {check.fix && <span className={styles.muted}> — {check.fix}</span>}
              </li>
            ))}
          </ul>
          {chosen.checks.some((check) => check.check === USER_CHECK && !check.ok) && <ConnectGithubAccount />}
        </div>
      )}
      {githubOff && <GithubOffNotice />}
      {chosen?.unverified && !terminal && <p className={styles.muted}>{chosen.unverified}</p>}
      <p className={styles.muted}>
        {terminal
          ? 'Commands for your terminal: a local Claude Code reads the item over Baton’s MCP server with a token for this item, and reports back.'
          : 'As a GitHub issue in the team’s repository (Settings → GitHub), with the description, goals, context and test scenarios.'}
      </p>
      {status.data && status.data.repositories.length > 0 && !terminal && (
        <div className={styles.where}>
          <RepositoryFields
            repositories={status.data.repositories}
            repository={repository || status.data.repository || ''}
            onRepository={(chosen) => {
              setRepository(chosen === status.data?.repository ? '' : chosen);
              setBaseBranch('');
              // A refusal was for the repository it named: sending anyway must be chosen again.
              setProblem(null);
            }}
            baseBranch={baseBranch}
            onBaseBranch={(branch) => {
              setBaseBranch(branch);
              setProblem(null);
            }}
            defaultBranch={
              repository
                ? (status.data.repositories.find((candidate) => candidate.fullName === repository)?.defaultBranch ??
                  null)
                : status.data.baseBranch
            }
            choosePrompt={!status.data.repository}
            classNames={{ field: styles.field!, label: styles.label!, input: styles.input! }}
          />
        </div>
      )}
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
          Send to {codingAgentNames[agent]}
        </Button>
      </div>
    </form>
  );
}

/** Why the GitHub issue is off here, what turns it on, and where that is explained. */
function GithubOffNotice() {
  return (
    <p className={styles.muted} id="handoff-github-off">
      GitHub issues need a GitHub App on this Baton: an operator sets{' '}
      {GITHUB_APP_SETTINGS.map((name, index) => (
        <Fragment key={name}>
          {index > 0 && (index === GITHUB_APP_SETTINGS.length - 1 ? ' and ' : ', ')}
          <code>{name}</code>
        </Fragment>
      ))}{' '}
      and restarts it (
      <a href={docsHref('handoff')} target="_blank" rel="noreferrer">
        how to set up GitHub
      </a>
      ). The terminal hand-off works without it.
    </p>
  );
}
