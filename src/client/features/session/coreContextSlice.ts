import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { CoreApplicationContext } from '../../../shared/contract/userAndTeam';
import type { IdentityProvider } from '../../../shared/enums';
import { authApi } from '../../api/auth';
import { userAndTeamApi } from '../../api/userAndTeam';
import { projectsApi } from '../../api/projects';
import { isCoreContextAnswer } from '../../api/contextAnswers';
import { sessionEnded } from './sessionEnded';
import { sessionNeutralEndpoints } from '../../api/endpointBehaviour.gen';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';

/**
 * What the session keeps of a core context: the user and the app settings. The active team and the
 * team list live in the team slice, the projects in the projects slice: one copy of each.
 */
export type SessionContext = Omit<CoreApplicationContext, 'activeTeam' | 'availableTeams' | 'availableProjects'>;

export interface CoreContextState {
  context: SessionContext | null;
  /** Whether the server has told us if this browser has a session; not persisted. */
  status: SessionStatus;
  lastIdentityProvider: IdentityProvider | null;
  lastAuthExtensionTimestamp: number | null;
}

const initialState: CoreContextState = {
  context: null,
  status: 'unknown',
  lastIdentityProvider: null,
  lastAuthExtensionTimestamp: null,
};

type ApiFulfilledAction = UnknownAction & {
  meta: { arg: { endpointName?: string }; fulfilledTimeStamp: number; requestStatus: 'fulfilled' };
};
const isApiCallFulfilled = (action: UnknownAction): action is ApiFulfilledAction =>
  action.type.startsWith('api/') && (action as Partial<ApiFulfilledAction>).meta?.requestStatus === 'fulfilled';

function signedIn(state: CoreContextState, context: CoreApplicationContext) {
  state.context = sessionContextOf(context);
  state.status = 'signedIn';
}

export function sessionContextOf(context: CoreApplicationContext): SessionContext {
  const { activeTeam: _team, availableTeams: _teams, availableProjects: _projects, ...session } = context;
  return session;
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
      .addMatcher(isCoreContextAnswer, (state, action) => {
        signedIn(state, action.payload);
      })
      // Spec §4: setting the active project stores the new project on success (the project itself: projects slice).
      .addMatcher(projectsApi.endpoints.setActiveProject.matchFulfilled, (state, action) => {
        if (state.context) state.context.userContext.activeProjectId = action.payload.newActiveProject.id;
      })
      .addMatcher(userAndTeamApi.endpoints.putAppSettings.matchFulfilled, (state, action) => {
        if (state.context) state.context.appSettings = action.payload.appSettings;
      })
      .addMatcher(isApiCallFulfilled, (state, action) => {
        // Signed out, nothing extends a session: a call answered after sign-out (or the sign-out itself,
        // when its answer comes last) would otherwise leave a timestamp that makes the next load check a dead session.
        if (state.status === 'signedOut') return;
        if (!sessionNeutralEndpoints.has(action.meta.arg.endpointName ?? '')) {
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
  },
});

export const { identityProviderChosen, lastIdentityProviderForgotten } = coreContextSlice.actions;
export const {
  selectCoreContext,
  selectSessionStatus,
  selectIsSignedIn,
  selectLastIdentityProvider,
  selectLastAuthExtensionTimestamp,
} = coreContextSlice.selectors;
