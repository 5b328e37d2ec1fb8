import type { RootState } from '../app/store';
import { activeTeamPatched, type ActiveTeamChanges } from '../features/teams/activeTeamActions';
import { teamEditSent, teamEditSettled } from '../features/teams/teamEditsSlice';
import { tagTypes } from './apiSlice';
import { enhancedApi } from './userAndTeam.gen';

type TeamField = keyof ActiveTeamChanges;
type ActiveTeamValue<K extends TeamField> = NonNullable<ActiveTeamChanges[K]>;

interface LifecycleApi {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: unknown }>;
  requestId: string;
}

const activeTeamOf = (state: unknown) => (state as RootState).team.active;

/**
 * An update of one field of the active team, applied optimistically (spec §4): the team slice changes
 * at once. When the server refuses, the field goes back to
 * the newest edit still on its way, or else to the value the server last accepted — so a failure
 * never undoes a later edit, nor restores an edit that failed itself.
 */
function optimisticTeamUpdate<K extends TeamField>(field: K, valueOf: (arg: never) => ActiveTeamValue<K>) {
  return async (arg: unknown, { dispatch, getState, queryFulfilled, requestId }: LifecycleApi) => {
    const team = activeTeamOf(getState());
    if (!team) return;
    const teamId = team.id;
    // One copy: the team slice, which every screen reads (and the team list's entry, for a new name).
    const show = (value: unknown) => {
      dispatch(activeTeamPatched({ teamId, changes: { [field]: value } as ActiveTeamChanges }));
    };

    const key = `${teamId} ${field}`;
    const value = valueOf(arg as never);
    dispatch(teamEditSent({ key, requestId, value, accepted: team[field] }));
    show(value);

    const ok = await queryFulfilled.then(
      () => true,
      () => false,
    );
    const before = (getState() as RootState).teamEdits[key];
    const wasShown = before?.inFlight.at(-1)?.requestId === requestId;
    dispatch(teamEditSettled({ key, requestId, ok }));
    const after = (getState() as RootState).teamEdits[key];
    const fallback = after?.inFlight.at(-1)?.value ?? (ok ? value : before?.accepted);
    const current = activeTeamOf(getState());
    // Only the edit on screen is settled: a refused one is put back; an accepted one is shown again if
    // a read that raced it brought the old value. Once another team is active, only the team list
    // still shows this one (by name): the context the switch brought may predate the answer.
    if (!wasShown) return;
    if (current?.id !== teamId) {
      if (field === 'teamName') show(ok ? value : fallback);
      return;
    }
    if (!ok) show(fallback);
    else if (current[field] !== value) show(value);
  };
}

/** Everything cached for one team: after a switch (or joining, or creating one) it is another team's. */
const teamScopedTags = tagTypes.filter(
  (tag) => tag !== 'Session' && tag !== 'IdentityProviders' && tag !== 'CoreContext',
);

/** The user-and-team group: caching, invalidation and the optimistic updates of spec §4. */
export const userAndTeamApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    getCoreApplicationContext: { providesTags: ['CoreContext'] },
    getActiveTeam: { providesTags: ['ActiveTeam'] },
    // Each answers with the new team's core context, which the session slice takes whole.
    createTeam: { invalidatesTags: teamScopedTags },
    putActiveTeam: { invalidatesTags: teamScopedTags },
    acceptInvite: { invalidatesTags: teamScopedTags },
    putTeamName: {
      onQueryStarted: optimisticTeamUpdate('teamName', (arg: { newTeamName: string }) => arg.newTeamName.trim()),
    },
    putFirstRunExperience: {
      onQueryStarted: optimisticTeamUpdate(
        'firstRunExperienceState',
        (arg: { firstRunExperienceState: ActiveTeamValue<'firstRunExperienceState'> }) => arg.firstRunExperienceState,
      ),
    },
    putGoToMarketPlan: {
      onQueryStarted: optimisticTeamUpdate(
        'goToMarketPlan',
        (arg: { goToMarketPlan: ActiveTeamValue<'goToMarketPlan'> }) => arg.goToMarketPlan,
      ),
    },
    putGlobalTeamData: {
      onQueryStarted: optimisticTeamUpdate(
        'globalTeamData',
        (arg: { globalTeamData: ActiveTeamValue<'globalTeamData'> }) => arg.globalTeamData,
      ),
    },
    // Members and invites change the team and its seat count.
    inviteTeamMember: { invalidatesTags: ['ActiveTeam', 'Subscription'] },
    revokeTeamInvite: { invalidatesTags: ['ActiveTeam', 'Subscription'] },
    putTeamMemberRole: { invalidatesTags: ['ActiveTeam'] },
    removeTeamMember: {
      invalidatesTags: ['ActiveTeam', 'Subscription'],
      async onQueryStarted(userId, { dispatch, getState, queryFulfilled }) {
        const leaving = (getState() as RootState).coreContext.context?.userContext.userId === userId;
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        // Leaving lands the user in another team: the whole context is read again, as after a switch.
        if (leaving) {
          dispatch(enhancedApi.util.invalidateTags(teamScopedTags));
          void dispatch(
            enhancedApi.endpoints.getCoreApplicationContext.initiate(undefined, {
              forceRefetch: true,
              subscribe: false,
            }),
          );
        }
      },
    },
  },
});

export const {
  useGetCoreApplicationContextQuery,
  usePutAppSettingsMutation,
  useGetActiveTeamQuery,
  useCreateTeamMutation,
  usePutActiveTeamMutation,
  useAcceptInviteMutation,
  usePutTeamNameMutation,
  usePutFirstRunExperienceMutation,
  usePutGoToMarketPlanMutation,
  usePutGlobalTeamDataMutation,
  useInviteTeamMemberMutation,
  useRevokeTeamInviteMutation,
  usePutTeamMemberRoleMutation,
  useRemoveTeamMemberMutation,
} = userAndTeamApi;
