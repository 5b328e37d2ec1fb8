import { enhancedApi } from './handoff.gen';

/**
 * The handoff group. A send changes the item, which the items listeners apply (itemHandedOff), and
 * the item's hand-off history, read again here.
 */
export const handoffApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    getItemHandoffs: { providesTags: (_result, _error, itemId) => [{ type: 'Handoffs', id: itemId }] },
    sendToAgent: { invalidatesTags: (_result, _error, arg) => [{ type: 'Handoffs', id: arg.itemId }] },
  },
});
export const { useSendToAgentMutation, useGetItemHandoffsQuery } = handoffApi;
export type { SendToAgentApiResponse, GetItemHandoffsApiResponse } from './handoff.gen';
