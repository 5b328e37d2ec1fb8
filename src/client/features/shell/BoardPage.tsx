import { useAppSelector } from '../../app/hooks';
import { selectActiveProject } from '../session/coreContextSlice';
import { BoardEmptyState } from './BoardEmptyState';

/** The start page of a signed-in user; the board replaces the empty state in the next release. */
export function BoardPage() {
  const project = useAppSelector(selectActiveProject);
  return <BoardEmptyState projectName={project?.description ?? null} />;
}
