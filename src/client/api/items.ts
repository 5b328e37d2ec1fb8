import { enhancedApi } from './items.gen';

/**
 * The items group. Every item change is optimistic, but not here: the items listeners apply it, run
 * the calls one after another per item (and per project for moves), and roll back on failure (spec §4).
 * Here only the search results are marked stale by any change.
 *
 * The whole item (getProjectItem) is read by the item panel when it opens and dropped when it closes;
 * the items listeners patch it with each write and read it again once the item's writes have settled.
 */
export const itemsApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    getProjectItem: {
      providesTags: (_result, _error, id) => [{ type: 'Item', id }],
      keepUnusedDataFor: 0,
    },
    createDemo: { invalidatesTags: ['ItemSearch'] },
    createImplementation: { invalidatesTags: ['ItemSearch'] },
    createGoToMarketItem: { invalidatesTags: ['ItemSearch'] },
    updateDemo: { invalidatesTags: ['ItemSearch'] },
    updateImplementation: { invalidatesTags: ['ItemSearch'] },
    updateGoToMarketItem: { invalidatesTags: ['ItemSearch'] },
    deleteProjectItem: { invalidatesTags: ['ItemSearch'] },
    bulkCreateProjectItems: { invalidatesTags: ['ItemSearch'] },
    splitProjectItem: { invalidatesTags: ['ItemSearch'] },
    restoreProjectItem: { invalidatesTags: ['ItemSearch'] },
    searchTeamItems: { providesTags: ['ItemSearch'], keepUnusedDataFor: 10 },
    locateItemByKey: { keepUnusedDataFor: 0 },
  },
});

export const {
  useBulkCreateProjectItemsMutation,
  useSplitProjectItemMutation,
  useGetProjectItemQuery,
  useSearchTeamItemsQuery,
} = itemsApi;
