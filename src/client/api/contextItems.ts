import { enhancedApi } from './contextItems.gen';

const LIST = { type: 'ContextItem', id: 'LIST' } as const;
// Any write can change some item's chain (a parent renamed, moved or deleted): every chain is read again.
const allChains = { type: 'ParentContexts' } as const;

/** The contextItems group: the team's list and each item's chain, refreshed by every write. */
export const contextItemsApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    listContextItems: { providesTags: [LIST] },
    getContextItem: { providesTags: (_result, _error, id) => [{ type: 'ContextItem', id }] },
    getParentContexts: { providesTags: (_result, _error, itemId) => [{ type: 'ParentContexts', id: itemId }] },
    createContextItem: { invalidatesTags: [LIST, allChains] },
    putContextItem: {
      invalidatesTags: (_result, _error, arg) => [LIST, { type: 'ContextItem', id: arg.id }, allChains],
    },
    deleteContextItem: {
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'ContextItem', id }, allChains],
    },
  },
});

export const {
  useListContextItemsQuery,
  useCreateContextItemMutation,
  usePutContextItemMutation,
  useDeleteContextItemMutation,
  useGetParentContextsQuery,
} = contextItemsApi;
export type { ListContextItemsApiResponse } from './contextItems.gen';
