import { enhancedApi, type QueryProjectItemsApiResponse } from './projects.gen';

/**
 * Freezes an answer in one quick pass. The store keeps answers frozen anyway; handing it a board of
 * 10,000 items already frozen spares immer's much slower walk over every nested value (≈0.2 s).
 */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The projects group. Project settings (features/projects: projectEditRequested) and the board's items
 * (features/items) are applied optimistically and sent by their listeners, serialised per project.
 */
export const projectsApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    getProject: { providesTags: (_result, _error, id) => [{ type: 'Project', id }] },
    updateProject: {
      invalidatesTags: (_result, _error, arg) => [{ type: 'Project', id: arg.id }],
    },
    queryProjectItems: { transformResponse: (response: QueryProjectItemsApiResponse) => deepFreeze(response) },
    deleteProject: { invalidatesTags: ['CoreContext', 'AgentDraft'] },
    createProject: { invalidatesTags: ['CoreContext'] },
    // The project-level agent drafts (product story, plan, items) follow the active project.
    setActiveProject: { invalidatesTags: ['AgentDraft'] },
    searchProjectItems: {
      providesTags: ['ItemSearch'],
      keepUnusedDataFor: 30,
    },
    // The item panel's history: read when the panel opens; a confirmed move's answer carries it after that.
    getProjectContext: {
      providesTags: (_result, _error, arg) => [{ type: 'ItemHistory', id: arg.itemId }],
      keepUnusedDataFor: 0,
    },
    moveProjectItem: {
      async onQueryStarted({ projectId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        // Only an open panel's entry is there to update; with none, the answer's history is not kept.
        dispatch(
          projectsApi.util.updateQueryData('getProjectContext', { projectId, itemId: data.id }, () => ({
            projectPlanContext: data.projectPlanContext,
          })),
        );
      },
    },
  },
});

export const {
  useCreateProjectMutation,
  useSetActiveProjectMutation,
  useGetProjectQuery,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useSearchProjectItemsQuery,
  useGetProjectContextQuery,
} = projectsApi;
