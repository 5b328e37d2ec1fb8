/**
 * The active team's projects, normalised. Fed by every answer that carries a core application context
 * (sign-in, the context read, team switches) and by the projects calls themselves.
 */
import { createEntityAdapter, createSlice, type UnknownAction } from '@reduxjs/toolkit';
import type { CoreApplicationContext, Project } from '../../../shared/contract/userAndTeam';
import { projectsApi } from '../../api/projects';
import { sessionEnded } from '../session/sessionEnded';
import {
  projectConflictResolved,
  projectEditConflicted,
  projectEditRequested,
  projectEditSettled,
  type ProjectChanges,
} from './projectActions';

export const projectsAdapter = createEntityAdapter<Project>();

type Field = keyof ProjectChanges;

/** One field's edits in flight, and the value the server last accepted, for rollback (in the store, so DevTools and snapshots show it). */
interface FieldEdits {
  accepted: unknown;
  inFlight: { requestId: string; value: unknown }[];
}

export interface ProjectsState extends ReturnType<typeof projectsAdapter.getInitialState> {
  /** By project id, then field. */
  pendingEdits: Record<string, Partial<Record<Field, FieldEdits>>>;
  /** Settings refused because someone else saved the same fields first, by project id, to re-apply. */
  conflicts: Record<string, { mine: ProjectChanges; theirs: ProjectChanges }>;
}

const initialState: ProjectsState = projectsAdapter.getInitialState({ pendingEdits: {}, conflicts: {} });

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
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(projectEditRequested, (state, action) => {
        const { id, requestId, changes } = action.payload;
        const project = state.entities[id];
        if (!project) return;
        const edits = (state.pendingEdits[id] ??= {});
        for (const field of Object.keys(changes) as Field[]) {
          const entry = (edits[field] ??= { accepted: project[field], inFlight: [] });
          entry.inFlight.push({ requestId, value: changes[field] });
        }
        projectsAdapter.updateOne(state, { id, changes });
      })
      .addCase(projectEditSettled, (state, action) => {
        const { id, requestId, ok } = action.payload;
        const edits = state.pendingEdits[id];
        if (!edits) return;
        const restored: Record<string, unknown> = {};
        for (const field of Object.keys(edits) as Field[]) {
          const entry = edits[field]!;
          const at = entry.inFlight.findIndex((edit) => edit.requestId === requestId);
          if (at < 0) continue;
          const [edit] = entry.inFlight.splice(at, 1);
          if (ok) entry.accepted = edit!.value;
          else
            restored[field] =
              entry.inFlight.length > 0 ? entry.inFlight[entry.inFlight.length - 1]!.value : entry.accepted;
          if (entry.inFlight.length === 0) delete edits[field];
        }
        if (Object.keys(edits).length === 0) delete state.pendingEdits[id];
        if (Object.keys(restored).length > 0) projectsAdapter.updateOne(state, { id, changes: restored });
      })
      .addCase(projectEditConflicted, (state, action) => {
        const { current, mine, theirs } = action.payload;
        projectsAdapter.upsertOne(state, current);
        state.conflicts[current.id] = { mine, theirs };
      })
      .addCase(projectConflictResolved, (state, action) => {
        delete state.conflicts[action.payload];
      })
      .addCase(sessionEnded, () => initialState)
      .addMatcher(projectsApi.endpoints.createProject.matchFulfilled, (state, action) => {
        projectsAdapter.upsertOne(state, action.payload);
      })
      .addMatcher(projectsApi.endpoints.getProject.matchFulfilled, (state, action) => {
        projectsAdapter.upsertOne(state, action.payload);
      })
      .addMatcher(projectsApi.endpoints.updateProject.matchFulfilled, (state, action) => {
        // The answer is the project as saved; fields with later edits on their way keep showing those.
        const pending = state.pendingEdits[action.payload.id] ?? {};
        const shown: Record<string, unknown> = { ...action.payload };
        for (const [field, entry] of Object.entries(pending)) {
          if (entry && entry.inFlight.length > 0) shown[field] = entry.inFlight[entry.inFlight.length - 1]!.value;
        }
        projectsAdapter.upsertOne(state, shown as unknown as Project);
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
