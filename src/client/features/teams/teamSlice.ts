/**
 * The active team, normalised (issue 12): its own fields, its memberships by user id, its open invites
 * by e-mail address, and the user's teams. Fed by every answer that carries a core context or the
 * active team; the one place components read team data from, and the one copy an optimistic team edit
 * patches.
 */
import { createEntityAdapter, createNextState, createSelector, createSlice, type EntityState } from '@reduxjs/toolkit';
import type { ActiveTeam, CoreApplicationContext } from '../../../shared/contract/userAndTeam';
import type { RootState } from '../../app/store';
import { isCoreContextAnswer, isSignInAnswer } from '../../api/contextAnswers';
import { userAndTeamApi } from '../../api/userAndTeam';
import { sessionEnded } from '../session/sessionEnded';
import { activeTeamPatched, type ActiveTeamChanges } from './activeTeamActions';
import { teamFieldEditRequested } from './editTeamField';

export type TeamFields = Omit<ActiveTeam, 'teamMemberships' | 'invitedTeamMembers'>;
export type TeamMembership = ActiveTeam['teamMemberships'][number];
export type TeamInvite = ActiveTeam['invitedTeamMembers'][number];
export type TeamSummary = CoreApplicationContext['availableTeams'][number];

const membershipsAdapter = createEntityAdapter<TeamMembership, string>({ selectId: (member) => member.memberUserId });
const invitesAdapter = createEntityAdapter<TeamInvite, string>({ selectId: (invite) => invite.memberEmailAddress });
const teamsAdapter = createEntityAdapter<TeamSummary>();

export interface TeamState {
  /** The signed-in user, whose role in each team the team list shows. */
  userId: string | null;
  active: TeamFields | null;
  memberships: EntityState<TeamMembership, string>;
  invites: EntityState<TeamInvite, string>;
  available: EntityState<TeamSummary, string>;
}

const initialState: TeamState = {
  userId: null,
  active: null,
  memberships: membershipsAdapter.getInitialState(),
  invites: invitesAdapter.getInitialState(),
  available: teamsAdapter.getInitialState(),
};

/** Changes the team's fields if it is the active one; its name also in the team list. */
function patchTeam(state: TeamState, teamId: string, changes: ActiveTeamChanges) {
  if (state.active?.id === teamId) Object.assign(state.active, changes);
  if (changes.teamName !== undefined) {
    teamsAdapter.updateOne(state.available, { id: teamId, changes: { teamName: changes.teamName } });
  }
}

function setActiveTeam(state: TeamState, team: ActiveTeam) {
  const { teamMemberships, invitedTeamMembers, ...fields } = team;
  state.active = fields;
  membershipsAdapter.setAll(state.memberships, teamMemberships);
  invitesAdapter.setAll(state.invites, invitedTeamMembers);
}

function setContext(state: TeamState, context: CoreApplicationContext) {
  state.userId = context.userContext.userId;
  setActiveTeam(state, context.activeTeam);
  teamsAdapter.setAll(state.available, context.availableTeams);
}

/** The team state a core context gives (also how tests and snapshots build a signed-in store). */
export function teamStateOf(context: CoreApplicationContext | null): TeamState {
  // Through Immer, as in a reducer: the adapters' operations change a draft in place.
  return createNextState(initialState, (draft) => {
    if (context) setContext(draft, context);
  });
}

export const teamSlice = createSlice({
  name: 'team',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      // Optimistic team edits (editTeamField.ts) and their rollback, for the team they were made in.
      // A new name also shows in the team list, even after a switch (the answer may come later).
      .addCase(teamFieldEditRequested, (state, action) => {
        const { teamId, field, value } = action.payload;
        patchTeam(state, teamId, { [field]: value } as ActiveTeamChanges);
      })
      .addCase(activeTeamPatched, (state, action) => patchTeam(state, action.payload.teamId, action.payload.changes))
      .addMatcher(isSignInAnswer, (state, action) => setContext(state, action.payload.coreApplicationContext))
      .addMatcher(isCoreContextAnswer, (state, action) => setContext(state, action.payload))
      // A fresh read of the active team (members, roles, invites), and its entry in the team list.
      .addMatcher(userAndTeamApi.endpoints.getActiveTeam.matchFulfilled, (state, action) => {
        if (state.active?.id !== action.payload.id) return;
        setActiveTeam(state, action.payload);
        const myRole = action.payload.teamMemberships.find((member) => member.memberUserId === state.userId)?.role;
        const changes = { teamName: action.payload.teamName, ...(myRole !== undefined ? { role: myRole } : {}) };
        teamsAdapter.updateOne(state.available, { id: action.payload.id, changes });
      })
      // A team the server no longer lets the user into (removed meanwhile) is not offered again.
      .addMatcher(userAndTeamApi.endpoints.putActiveTeam.matchRejected, (state, action) => {
        const result = (action.payload as { data?: { result?: string } } | undefined)?.data?.result;
        if (result === 'NotFound')
          teamsAdapter.removeOne(state.available, action.meta.arg.originalArgs.newActiveTeamIdentity);
      });
  },
});

const membershipSelectors = membershipsAdapter.getSelectors((state: RootState) => state.team.memberships);
const inviteSelectors = invitesAdapter.getSelectors((state: RootState) => state.team.invites);
const teamSelectors = teamsAdapter.getSelectors((state: RootState) => state.team.available);

export const selectActiveTeamId = (state: RootState) => state.team.active?.id ?? null;
export const selectTeamMemberships = membershipSelectors.selectAll;
export const selectMembership = membershipSelectors.selectById;
export const selectAvailableTeams = teamSelectors.selectAll;

/** The active team as the API answers it (fields, members, invites), or null before the context is known. */
export const selectActiveTeam = createSelector(
  [(state: RootState) => state.team.active, selectTeamMemberships, inviteSelectors.selectAll],
  (active, teamMemberships, invitedTeamMembers): ActiveTeam | null =>
    active ? { ...active, teamMemberships, invitedTeamMembers } : null,
);
