/**
 * The active team's projects, normalised. Fed by every answer that carries a core application context
 * (sign-in, the context read, team switches) and by the projects calls themselves.
 */
import { createEntityAdapter, createSlice, type UnknownAction } from '@reduxjs/toolkit';
import type { CoreApplicationContext, Project } from '../../../shared/contract/userAndTeam';
import { projectsApi } from '../../api/projects';
import { sessionEnded } from '../session/sessionEnded';
import { projectPatched } from './projectActions';

export const projectsAdapter = createEntityAdapter<Project>();

export type ProjectsState = ReturnType<typeof projectsAdapter.getInitialState>;

type FulfilledApiAction = UnknownAction & { payload: unknown; meta: { requestStatus: 'fulfilled' } };

/** The context an API answer carries, whichever call it was: the whole context or `{ coreApplicationContext }`. */
function carriedContext(action: UnknownAction): CoreApplicationContext | null {
  if (!action.type.startsWith('api/') || (action as Partial<FulfilledApiAction>).meta?.requestStatus !== 'fulfilled') {
    return null;
  }
  const payload = (action as FulfilledApiAction).payload as Record<string, unknown> | null;
  const context = (payload?.coreApplicationContext ?? payload) as Partial<CoreApplicationContext> | null;
  return context && Array.isArray(context.availableProjects) && context.userContext
    ? (context as CoreApplicationContext)
    : null;
}
const carriesContext = (action: UnknownAction): action is FulfilledApiAction => carriedContext(action) !== null;

export const projectsSlice = createSlice({
  name: 'projects',
  initialState: projectsAdapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(projectPatched, (state, action) => {
        projectsAdapter.updateOne(state, { id: action.payload.id, changes: action.payload.changes });
      })
      .addCase(sessionEnded, (state) => projectsAdapter.removeAll(state))
      .addMatcher(projectsApi.endpoints.createProject.matchFulfilled, (state, action) => {
        projectsAdapter.upsertOne(state, action.payload);
      })
      .addMatcher(projectsApi.endpoints.getProject.matchFulfilled, (state, action) => {
        projectsAdapter.upsertOne(state, action.payload);
      })
      .addMatcher(projectsApi.endpoints.updateProject.matchFulfilled, (state, action) => {
        projectsAdapter.upsertOne(state, action.payload);
      })
      .addMatcher(projectsApi.endpoints.setActiveProject.matchFulfilled, (state, action) => {
        projectsAdapter.upsertOne(state, action.payload.newActiveProject);
      })
      .addMatcher(projectsApi.endpoints.deleteProject.matchFulfilled, (state, action) => {
        projectsAdapter.removeOne(state, action.meta.arg.originalArgs.projectId);
      })
      .addMatcher(carriesContext, (state, action) => {
        projectsAdapter.setAll(state, carriedContext(action)!.availableProjects);
      });
  },
});
