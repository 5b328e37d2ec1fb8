import { enhancedApi } from './userAndTeam.gen';

export const userAndTeamApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    getCoreApplicationContext: { providesTags: ['CoreContext'] },
    getActiveTeam: { providesTags: ['ActiveTeam'] },
  },
});

export const { useGetCoreApplicationContextQuery, usePutAppSettingsMutation, useGetActiveTeamQuery } = userAndTeamApi;
