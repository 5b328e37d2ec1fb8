import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { userAndTeamApi } from '../../api/userAndTeam';
import { Button } from '../../ui';
import { selectActiveTeam } from '../teams/teamSlice';
import { selectActiveProjectId } from '../projects/projectsSelectors';
import {
  itemLinkDismissed,
  itemLinkOpened,
  selectItemLinkProblem,
  selectLocatingItemKey,
  type ItemLinkProblem,
} from './itemLinkSlice';
import { projectPath } from './useBoardUrl';
import styles from './ItemLinkNotice.module.css';

function messageOf(problem: ItemLinkProblem, teamName: string): string {
  switch (problem.reason) {
    case 'deleted':
      return `${problem.key} was deleted: its link no longer opens an item.`;
    case 'otherTeam':
      return `${problem.key} is in ${problem.teamName}, another of your teams.`;
    case 'unknown':
      return `There is no item ${problem.key} in ${teamName}. It may belong to a team you are not a member of.`;
    case 'failed':
      return `Couldn’t open ${problem.key}: ${problem.message}`;
  }
}

/** Why an item link did not open (deleted, in another team, unknown), with the way on; or that it is being looked for. */
export function ItemLinkNotice() {
  const problem = useAppSelector(selectItemLinkProblem);
  const locating = useAppSelector(selectLocatingItemKey);
  const teamName = useAppSelector(selectActiveTeam)?.teamName ?? 'this team';
  const projectId = useAppSelector(selectActiveProjectId);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) noticeRef.current?.focus();
  }, [problem]);

  if (!problem) {
    return locating ? (
      <p role="status" className={styles.notice}>
        Opening {locating}…
      </p>
    ) : null;
  }
  const backToBoard = () => {
    dispatch(itemLinkDismissed());
    navigate(projectId ? projectPath(projectId) : '/', { replace: true });
  };
  return (
    <div ref={noticeRef} tabIndex={-1} role="alert" className={styles.notice}>
      <p className={styles.message}>{messageOf(problem, teamName)}</p>
      <div className={styles.actions}>
        {problem.reason === 'otherTeam' && (
          <Button
            variant="primary"
            onClick={() => {
              // The link stays: once the other team's board is in, it opens the item there.
              dispatch(itemLinkDismissed());
              void dispatch(userAndTeamApi.endpoints.putActiveTeam.initiate({ newActiveTeamIdentity: problem.teamId }));
            }}
          >
            Switch to {problem.teamName}
          </Button>
        )}
        {problem.reason === 'failed' && (
          <Button variant="primary" onClick={() => dispatch(itemLinkOpened(problem.key))}>
            Try again
          </Button>
        )}
        <Button onClick={backToBoard}>Back to the board</Button>
      </div>
    </div>
  );
}
