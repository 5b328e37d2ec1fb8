import { createSlice, isAnyOf, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { CoreApplicationContext } from '../../../shared/contract/userAndTeam';
import type { IdentityProvider } from '../../../shared/enums';
import { authApi } from '../../api/auth';
import { userAndTeamApi } from '../../api/userAndTeam';
import { projectsApi } from '../../api/projects';
import { activeTeamPatched } from '../teams/activeTeamActions';
import { sessionEnded } from './sessionEnded';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface CoreContextState {
  context: CoreApplicationContext | null;
  /** Whether the server has told us if this browser has a session; not persisted. */
  status: SessionStatus;
  lastIdentityProvider: IdentityProvider | null;
  lastAuthExtensionTimestamp: number | null;
}

const noTeams: CoreApplicationContext['availableTeams'] = [];

const initialState: CoreContextState = {
  context: null,
  status: 'unknown',
  lastIdentityProvider: null,
  lastAuthExtensionTimestamp: null,
};

/**
 * Calls whose success says nothing about the session being used: the validate ones (spec §4) and
 * the public provider list, which a visitor who never signed in also calls.
 */
const callsThatDoNotExtendSession = new Set(['validateSession', 'validateInvite', 'listIdentityProviders', 'signOut']);

type ApiFulfilledAction = UnknownAction & {
  meta: { arg: { endpointName?: string }; fulfilledTimeStamp: number; requestStatus: 'fulfilled' };
};
const isApiCallFulfilled = (action: UnknownAction): action is ApiFulfilledAction =>
  action.type.startsWith('api/') && (action as Partial<ApiFulfilledAction>).meta?.requestStatus === 'fulfilled';

function signedIn(state: CoreContextState, context: CoreApplicationContext) {
  state.context = context;
  state.status = 'signedIn';
}
function loggedOut(state: CoreContextState) {
  state.context = null;
  state.status = 'signedOut';
  state.lastAuthExtensionTimestamp = null;
}

export const coreContextSlice = createSlice({
  name: 'coreContext',
  initialState,
  reducers: {
    identityProviderChosen(state, action: PayloadAction<IdentityProvider>) {
      state.lastIdentityProvider = action.payload;
    },
    lastIdentityProviderForgotten(state) {
      state.lastIdentityProvider = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // Optimistic team edits and their rollback (api/userAndTeam.ts), for the team they were made in.
      // A new name also shows in the team list, even after a switch (the answer may come later).
      .addCase(activeTeamPatched, (state, action) => {
        const { teamId, changes } = action.payload;
        if (!state.context) return;
        if (state.context.activeTeam.id === teamId) Object.assign(state.context.activeTeam, changes);
        const listed = state.context.availableTeams.find((team) => team.id === teamId);
        if (listed && changes.teamName !== undefined) listed.teamName = changes.teamName;
      })
      // Sign-out (whether the server call succeeds or fails) and any 401 end the session.
      .addCase(sessionEnded, loggedOut)
      .addMatcher(authApi.endpoints.testAuthenticate.matchFulfilled, (state, action) => {
        signedIn(state, action.payload.coreApplicationContext);
        state.lastIdentityProvider = 'Test';
      })
      .addMatcher(authApi.endpoints.exchangeToken.matchFulfilled, (state, action) => {
        signedIn(state, action.payload.coreApplicationContext);
        state.lastIdentityProvider = action.meta.arg.originalArgs.identityProvider;
      })
      .addMatcher(authApi.endpoints.exchangeToken.matchRejected, (state) => {
        state.context = null;
      })
      .addMatcher(
        isAnyOf(
          userAndTeamApi.endpoints.getCoreApplicationContext.matchFulfilled,
          // Creating, switching to and joining a team each answer with that team's whole context.
          userAndTeamApi.endpoints.createTeam.matchFulfilled,
          userAndTeamApi.endpoints.putActiveTeam.matchFulfilled,
          userAndTeamApi.endpoints.acceptInvite.matchFulfilled,
        ),
        (state, action) => {
          signedIn(state, action.payload);
        },
      )
      // A fresh read of the active team (members, roles, invites) refreshes the session's copy.
      .addMatcher(userAndTeamApi.endpoints.getActiveTeam.matchFulfilled, (state, action) => {
        if (state.context?.activeTeam.id !== action.payload.id) return;
        state.context.activeTeam = action.payload;
        // So does the team list's entry: its name, and the user's role in it.
        const listed = state.context.availableTeams.find((team) => team.id === action.payload.id);
        const myRole = action.payload.teamMemberships.find(
          (member) => member.memberUserId === state.context?.userContext.userId,
        )?.role;
        if (listed) Object.assign(listed, { teamName: action.payload.teamName, role: myRole ?? listed.role });
      })
      // A team the server no longer lets the user into (removed meanwhile) is not offered again.
      .addMatcher(userAndTeamApi.endpoints.putActiveTeam.matchRejected, (state, action) => {
        const result = (action.payload as { data?: { result?: string } } | undefined)?.data?.result;
        const teamId = action.meta.arg.originalArgs.newActiveTeamIdentity;
        if (state.context && result === 'NotFound')
          state.context.availableTeams = state.context.availableTeams.filter((team) => team.id !== teamId);
      })
      // Spec §4: setting the active project stores the new project on success.
      .addMatcher(projectsApi.endpoints.setActiveProject.matchFulfilled, (state, action) => {
        if (!state.context) return;
        const project = action.payload.newActiveProject;
        const projects = state.context.availableProjects;
        const at = projects.findIndex((known) => known.id === project.id);
        if (at >= 0) projects[at] = project;
        else projects.push(project);
        state.context.userContext.activeProjectId = project.id;
      })
      .addMatcher(userAndTeamApi.endpoints.putAppSettings.matchFulfilled, (state, action) => {
        if (state.context) state.context.appSettings = action.payload.appSettings;
      })
      .addMatcher(isApiCallFulfilled, (state, action) => {
        // Signed out, nothing extends a session: a call answered after sign-out (or the sign-out itself,
        // when its answer comes last) would otherwise leave a timestamp that makes the next load check a dead session.
        if (state.status === 'signedOut') return;
        if (!callsThatDoNotExtendSession.has(action.meta.arg.endpointName ?? '')) {
          state.lastAuthExtensionTimestamp = action.meta.fulfilledTimeStamp;
        }
      });
  },
  selectors: {
    selectCoreContext: (state) => state.context,
    selectSessionStatus: (state) => state.status,
    selectIsSignedIn: (state) => state.context !== null,
    selectLastIdentityProvider: (state) => state.lastIdentityProvider,
    selectLastAuthExtensionTimestamp: (state) => state.lastAuthExtensionTimestamp,
    selectActiveTeam: (state) => state.context?.activeTeam ?? null,
    /** Every team of the user, with their role in it (the team menu switches between them). */
    selectAvailableTeams: (state) => state.context?.availableTeams ?? noTeams,
  },
});

export const { identityProviderChosen, lastIdentityProviderForgotten } = coreContextSlice.actions;
export const {
  selectCoreContext,
  selectSessionStatus,
  selectIsSignedIn,
  selectLastIdentityProvider,
  selectLastAuthExtensionTimestamp,
  selectActiveTeam,
  selectAvailableTeams,
} = coreContextSlice.selectors;
