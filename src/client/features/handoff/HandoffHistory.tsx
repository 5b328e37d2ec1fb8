import { useGetItemHandoffsQuery } from '../../api/handoff';
import { codingAgentNames } from '../../../shared/contract/github';
import styles from './HandoffSection.module.css';

const stateNames: Record<string, string> = {
  pending: 'Waiting for the agent',
  active: 'Agent at work',
  awaitingInput: 'Waiting for you',
  complete: 'Complete',
  error: 'Failed',
  stale: 'Stale',
};

/** The item's latest hand-off in the panel: agent, state, issue, and what happened since it was sent. */
export function HandoffHistory({ itemId }: { itemId: string }) {
  const { data, error } = useGetItemHandoffsQuery(itemId, { refetchOnMountOrArgChange: true });
  if (error) return <p className={styles.muted}>The hand-off history could not be read.</p>;
  const [latest, ...earlier] = data?.handoffs ?? [];
  if (!latest) return <p className={styles.muted}>Not handed off yet.</p>;
  return (
    <div className={styles.history} data-testid="handoff-history">
      <p>
        <strong>{codingAgentNames[latest.agent]}</strong> · {stateNames[latest.state] ?? latest.state}
        {latest.issueUrl && (
          <>
            {' · '}
            <a href={latest.issueUrl} target="_blank" rel="noreferrer">
              issue #{latest.issueNumber}
            </a>
          </>
        )}
      </p>
      <ol className={styles.events}>
        {latest.events.map((event, index) => (
          <li key={index}>
            <time dateTime={event.at} className={styles.muted}>
              {new Date(event.at).toLocaleString()}
            </time>{' '}
            {event.url ? (
              <a href={event.url} target="_blank" rel="noreferrer">
                {event.text}
              </a>
            ) : (
              event.text
            )}
          </li>
        ))}
      </ol>
      {earlier.length > 0 && (
        <p className={styles.muted}>
          Handed off {earlier.length} more {earlier.length === 1 ? 'time' : 'times'} before.
        </p>
      )}
    </div>
  );
}
