import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectActiveTeam } from '../teams/teamSlice';
import { Board } from '../board/Board';
import { useBoardUrl } from '../board/useBoardUrl';
import { useProjectUrl } from '../board/useProjectUrl';
import { ItemLinkNotice } from '../board/ItemLinkNotice';
import { selectActiveProjectId } from '../projects/projectsSelectors';
import { BoardEmptyState } from './BoardEmptyState';
import { FirstRunBanner } from '../agent/FirstRunBanner';

/** The start page of a signed-in user: the active project's board, or the way to a first project. */
export function BoardPage() {
  useProjectUrl();
  const projectId = useAppSelector(selectActiveProjectId);
  const teamName = useAppSelector(selectActiveTeam)?.teamName;
  // Every page names itself; coming back from another page, the board names the team again.
  useEffect(() => {
    document.title = teamName ? `${teamName} · Baton` : 'Baton';
  }, [teamName]);
  if (!projectId) return <BoardEmptyState />;
  return (
    <>
      <FirstRunBanner />
      <LinkedBoard />
    </>
  );
}

/** The board, its open item and its filters in step with the URL. */
function LinkedBoard() {
  useBoardUrl();
  return (
    <>
      <ItemLinkNotice />
      <Board />
    </>
  );
}
