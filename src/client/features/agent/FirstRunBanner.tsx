import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectActiveTeam } from '../teams/teamSlice';
import { editTeamField } from '../teams/editTeamField';
import { Button, buttonClassName } from '../../ui';
import styles from './FirstRunBanner.module.css';

/** On a new team's board: the way into the guided project, until it is finished or skipped. */
export function FirstRunBanner() {
  const team = useAppSelector(selectActiveTeam);
  const dispatch = useAppDispatch();
  const state = team?.firstRunExperienceState;
  if (!state || state.dismissed || state.completedSteps.includes('WrapUp')) return null;
  const started = state.completedSteps.length > 0;
  return (
    <aside className={styles.banner} aria-label="Getting started">
      <span>
        <strong>{started ? 'Pick up where you left off.' : 'New here?'}</strong> Set up your project in a few guided
        steps: a story, then your first demos, implementations and go-to-market items.
      </span>
      <span className={styles.actions}>
        <Link className={buttonClassName({ variant: 'primary' })} to="/welcome">
          {started ? 'Continue the tour' : 'Start the tour'}
        </Link>
        <Button
          variant="ghost"
          onClick={() =>
            void dispatch(editTeamField('firstRunExperienceState', { ...state, dismissed: true })).catch(() => {})
          }
        >
          Skip
        </Button>
      </span>
    </aside>
  );
}
