import type { ListAssessmentsApiResponse } from '../../api/benchmark';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Alert, Button } from '../../ui';
import { profileTitles } from '../../../shared/assessment/questionnaire';
import page from '../agent/AiSettingsPage.module.css';
import styles from './SavedAssessments.module.css';

type Saved = ListAssessmentsApiResponse['assessments'][number];

interface SavedAssessmentsProps {
  query: { data?: ListAssessmentsApiResponse; isLoading: boolean; isError: boolean; error?: unknown };
  onOpen: (entry: Saved) => void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The team's saved results, newest first; opening one shows it again. */
export function SavedAssessments({ query, onOpen }: SavedAssessmentsProps) {
  const entries = query.data?.assessments ?? [];
  return (
    <section className={page.card} aria-labelledby="saved-assessments-title">
      <h2 id="saved-assessments-title" className={page.cardTitle}>
        Saved results of this team
      </h2>
      {query.isError && <Alert>{errorMessage(query.error)}</Alert>}
      {!query.isLoading && !query.isError && entries.length === 0 && (
        <p className={page.muted}>None yet. Save a result and it appears here for everyone in the team.</p>
      )}
      {entries.length > 0 && (
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <span className={styles.date}>{when(entry.dateCreated)}</span>
              <span>{profileTitles[entry.result.profile]}</span>
              <span className={styles.score}>{entry.result.overallScore} / 100</span>
              <Button
                variant="ghost"
                onClick={() => onOpen(entry)}
                aria-label={`Open the result of ${when(entry.dateCreated)}`}
              >
                Open
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
