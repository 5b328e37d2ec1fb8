import { useGetItemHandoffsQuery, type GetItemHandoffsApiResponse } from '../../api/handoff';
import { codingAgentNames } from '../../../shared/contract/github';
import styles from './HandoffSection.module.css';

type Handoff = GetItemHandoffsApiResponse['handoffs'][number];

/** The hand-off states of docs/handoff.md, as the panel names them. */
const stateNames: Record<string, string> = {
  pending: 'Waiting for the agent',
  active: 'Agent at work',
  awaitingInput: 'Waiting for you',
  prOpen: 'Pull request open',
  checksFailing: 'Pull request open, checks failing',
  complete: 'Complete',
  error: 'The agent failed',
  closedUnmerged: 'Closed without merging',
  stale: 'No sign of the agent',
  paused: 'Paused: GitHub app suspended or repository access removed',
};

/** A GitHub hand-off whose issue GitHub has not confirmed yet (its answer was lost) says so. */
const stateName = (handoff: Handoff) =>
  handoff.state === 'pending' && handoff.automationKind === 0 && handoff.issueNumber === null
    ? 'Waiting for GitHub to confirm the issue'
    : (stateNames[handoff.state] ?? handoff.state);

const external = { target: '_blank', rel: 'noreferrer' } as const;

/** Where the hand-off can be followed on GitHub: the issue, the agent's job and branch, its pull requests. */
function HandoffLinks({ handoff }: { handoff: Handoff }) {
  const repositoryUrl = handoff.issueUrl?.replace(/\/issues\/\d+$/, '');
  const links = [
    handoff.issueUrl && (
      <a key="issue" href={handoff.issueUrl} {...external}>
        Issue #{handoff.issueNumber}
      </a>
    ),
    handoff.jobUrl && (
      <a key="job" href={handoff.jobUrl} {...external}>
        {handoff.state === 'error' ? 'Failed run' : 'Job'}
      </a>
    ),
    handoff.branch && repositoryUrl && (
      <a key="branch" href={`${repositoryUrl}/tree/${handoff.branch}`} {...external}>
        Branch <code>{handoff.branch}</code>
      </a>
    ),
    ...handoff.pullRequests.map((pr) => (
      <a key={`pr${pr.number}`} href={pr.url} {...external}>
        PR #{pr.number} ({pr.state})
      </a>
    )),
  ].filter(Boolean);
  if (links.length === 0) return null;
  return (
    <ul className={styles.links} aria-label="Hand-off links">
      {links.map((link, index) => (
        <li key={index}>{link}</li>
      ))}
    </ul>
  );
}

/** The item's latest hand-off in the panel: agent, state and links (its steps are in the item's activity). */
export function HandoffHistory({ itemId }: { itemId: string }) {
  const { data, error } = useGetItemHandoffsQuery(itemId, { refetchOnMountOrArgChange: true });
  if (error) return <p className={styles.muted}>The hand-off history could not be read.</p>;
  const [latest, ...earlier] = data?.handoffs ?? [];
  if (!latest) return <p className={styles.muted}>Not handed off yet.</p>;
  return (
    <div className={styles.history} data-testid="handoff-history">
      <p>
        <strong>{codingAgentNames[latest.agent]}</strong> · {stateName(latest)}
      </p>
      <HandoffLinks handoff={latest} />
      {earlier.length > 0 && (
        <p className={styles.muted}>
          Handed off {earlier.length} more {earlier.length === 1 ? 'time' : 'times'} before.
        </p>
      )}
    </div>
  );
}
