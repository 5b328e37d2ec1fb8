import { enhancedApi } from './benchmark.gen';

/** The benchmark group: public scoring, and the active team's saved assessments (refreshed by a save). */
export const benchmarkApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    listAssessments: { providesTags: ['BenchmarkAssessments'] },
    saveAssessment: { invalidatesTags: ['BenchmarkAssessments'] },
  },
});

export const { useScoreAssessmentMutation, useSaveAssessmentMutation, useListAssessmentsQuery } = benchmarkApi;
export type { ListAssessmentsApiResponse } from './benchmark.gen';
