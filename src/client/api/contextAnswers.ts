/** The answers that carry a whole core context, which the session, team and projects slices each take their part of. */
import { isAnyOf } from '@reduxjs/toolkit';
import { authApi } from './auth';
import { userAndTeamApi } from './userAndTeam';

/** Reading the context, and creating, switching to or joining a team: each answers with that team's whole context. */
export const isCoreContextAnswer = isAnyOf(
  userAndTeamApi.endpoints.getCoreApplicationContext.matchFulfilled,
  userAndTeamApi.endpoints.createTeam.matchFulfilled,
  userAndTeamApi.endpoints.putActiveTeam.matchFulfilled,
  userAndTeamApi.endpoints.acceptInvite.matchFulfilled,
);

/** A sign-in: its answer carries the context as `coreApplicationContext`. */
export const isSignInAnswer = isAnyOf(
  authApi.endpoints.testAuthenticate.matchFulfilled,
  authApi.endpoints.exchangeToken.matchFulfilled,
);
