import type { RootState } from '../app/store';
import { tagTypes } from './apiSlice';
import { enhancedApi } from './userAndTeam.gen';

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
