import { createContext, useContext } from 'react';
import type { Milestone } from '../../../shared/contract/userAndTeam';
import type { BoardColumn, ScopeGroup } from './boardColumns';

/** What the whole board is laid out from; changes only when its columns do. */
export interface BoardLayout {
  projectId: string;
  groups: ScopeGroup[];
  /** Where "Move to…" can send an item. */
  moveTargets: ScopeGroup[];
  milestones: readonly Milestone[];
  columnByKey: ReadonlyMap<string, BoardColumn>;
}

export const BoardLayoutContext = createContext<BoardLayout | null>(null);

export function useBoardLayout(): BoardLayout {
  const layout = useContext(BoardLayoutContext);
  if (!layout) throw new Error('useBoardLayout outside the board');
  return layout;
}
