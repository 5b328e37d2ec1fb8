import { createSlice, isRejectedWithValue, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { CoreApplicationContext } from '../../../shared/contract/userAndTeam';
import type { IdentityProvider } from '../../../shared/enums';
import { authApi } from '../../api/auth';
import { userAndTeamApi } from '../../api/userAndTeam';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface CoreContextState {
  context: CoreApplicationContext | null;
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

/**
 * Calls whose success says nothing about the session being used: the validate ones (spec §4) and
 * the public provider list, which a visitor who never signed in also calls.
 */
const callsThatDoNotExtendSession = new Set(['validateSession', 'validateInvite', 'listIdentityProviders']);

type ApiFulfilledAction = UnknownAction & {
  meta: { arg: { endpointName?: string }; fulfilledTimeStamp: number; requestStatus: 'fulfilled' };
};
const isApiCallFulfilled = (action: UnknownAction): action is ApiFulfilledAction =>
  action.type.startsWith('api/') && (action as Partial<ApiFulfilledAction>).meta?.requestStatus === 'fulfilled';
const isUnauthorized = (action: UnknownAction) =>
  isRejectedWithValue(action) && (action.payload as { status?: unknown } | undefined)?.status === 401;

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
      .addMatcher(userAndTeamApi.endpoints.getCoreApplicationContext.matchFulfilled, (state, action) => {
        signedIn(state, action.payload);
      })
      .addMatcher(userAndTeamApi.endpoints.putAppSettings.matchFulfilled, (state, action) => {
        if (state.context) state.context.appSettings = action.payload.appSettings;
      })
      // Sign-out clears the context whether the server call succeeds or fails.
      .addMatcher(authApi.endpoints.signOut.matchFulfilled, loggedOut)
      .addMatcher(authApi.endpoints.signOut.matchRejected, loggedOut)
      .addMatcher(isUnauthorized, loggedOut)
      .addMatcher(isApiCallFulfilled, (state, action) => {
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
    selectActiveProject: (state) =>
      state.context?.availableProjects.find((project) => project.id === state.context?.userContext.activeProjectId) ??
      null,
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
  selectActiveProject,
} = coreContextSlice.selectors;
