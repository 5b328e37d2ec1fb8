import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { ProjectStatus } from '../../../shared/enums';
import { projectsAdapter } from './projectsSlice';

const EMPTY: never[] = [];

const adapterSelectors = projectsAdapter.getSelectors((state: RootState) => state.projects);

export const selectAllProjects = adapterSelectors.selectAll;

export const selectProjectById = (state: RootState, id: string) => adapterSelectors.selectById(state, id);

export const selectActiveProjectId = (state: RootState) =>
  state.coreContext.context?.userContext.activeProjectId ?? null;

/** The active project (the board shows it): the projects slice is the one copy every screen reads. */
export const selectActiveProject = (state: RootState) => {
  const id = selectActiveProjectId(state);
  return id ? selectProjectById(state, id) : undefined;
};

export const selectBoardMilestones = createSelector(
  [(state: RootState) => selectActiveProject(state)?.milestones],
  (milestones) => (milestones ? [...milestones].sort((a, b) => a.index - b.index) : EMPTY),
);

export const projectStatusLabel: Record<number, string> = {
  [ProjectStatus.Live]: 'Live',
  [ProjectStatus.Completed]: 'Completed',
  [ProjectStatus.Cancelled]: 'Cancelled',
};
