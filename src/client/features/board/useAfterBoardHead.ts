import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectBoardStatus } from '../items/itemsSelectors';
import { selectActiveProjectId } from '../projects/projectsSelectors';
import { showsBoard } from './boardPaths';

/**
 * False while a board page waits for its first items, then true for good: what the board's first
 * screen does not need (the plan's limits, the mentions count) is read after them instead of beside them.
 */
export function useAfterBoardHead(): boolean {
  const status = useAppSelector(selectBoardStatus);
  const hasProject = useAppSelector(selectActiveProjectId) !== null;
  const { pathname } = useLocation();
  const waiting = status === 'loading' || (status === 'idle' && hasProject && showsBoard(pathname));
  const [after, setAfter] = useState(!waiting);
  useEffect(() => {
    if (!waiting) setAfter(true);
  }, [waiting]);
  return after;
}
