import { enhancedApi, type GetGithubStatusApiResponse } from './github.gen';

interface StatusAnswer {
  dispatch: (action: unknown) => unknown;
  queryFulfilled: Promise<{ data: GetGithubStatusApiResponse }>;
}

/** The callback and the repository choice answer the whole status: it replaces the cached one. */
const replacesStatus = {
  async onQueryStarted(_arg: unknown, { dispatch, queryFulfilled }: StatusAnswer) {
    try {
      const { data } = await queryFulfilled;
      dispatch(enhancedApi.util.upsertQueryData('getGithubStatus', undefined, data));
    } catch {
      // The page shows the failure; the cached status is still what the server holds.
    }
  },
};

/** What a member's own GitHub authorization changes: the readiness both statuses show. */
const changesUserStatus = { invalidatesTags: ['GithubUserStatus' as const] };

/**
 * The github group: the team's connection, read fresh on the settings page, and the member's own
 * GitHub authorization with each agent's readiness (the hand-off dialog and the settings page).
 */
export const githubApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    completeGithubInstall: { ...replacesStatus, ...changesUserStatus },
    putGithubRepository: { ...replacesStatus, ...changesUserStatus },
    getGithubStatus: { providesTags: ['GithubUserStatus'] },
    getGithubUserStatus: { providesTags: ['GithubUserStatus'] },
    completeGithubUserAuthorization: changesUserStatus,
    deleteGithubUserAuthorization: changesUserStatus,
  },
});

export const {
  useStartGithubInstallMutation,
  useCompleteGithubInstallMutation,
  useGetGithubStatusQuery,
  usePutGithubRepositoryMutation,
  useGetGithubUserStatusQuery,
  useStartGithubUserAuthorizationMutation,
  useCompleteGithubUserAuthorizationMutation,
  useDeleteGithubUserAuthorizationMutation,
} = githubApi;
