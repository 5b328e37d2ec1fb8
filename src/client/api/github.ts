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

/** The github group: the team's connection, read fresh on the settings page. */
export const githubApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    completeGithubInstall: replacesStatus,
    putGithubRepository: replacesStatus,
  },
});

export const {
  useStartGithubInstallMutation,
  useCompleteGithubInstallMutation,
  useGetGithubStatusQuery,
  usePutGithubRepositoryMutation,
} = githubApi;
