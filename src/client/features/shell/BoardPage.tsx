import { useAppSelector } from '../../app/hooks';
import { Board } from '../board/Board';
import { selectActiveProjectId } from '../projects/projectsSelectors';
import { BoardEmptyState } from './BoardEmptyState';
import { FirstRunBanner } from '../agent/FirstRunBanner';

/** The start page of a signed-in user: the active project's board, or the way to a first project. */
export function BoardPage() {
  const projectId = useAppSelector(selectActiveProjectId);
  if (!projectId) return <BoardEmptyState />;
  return (
    <>
      <FirstRunBanner />
      <Board />
    </>
  );
}
