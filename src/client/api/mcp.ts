import { enhancedApi } from './mcp.gen';

/**
 * The mcp group: the member's MCP tokens (Settings → MCP) and the terminal hand-off's item token. A
 * token is answered once, so nothing here keeps one cached after its screen is gone.
 */
export const mcpApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    listMcpTokens: { providesTags: ['McpTokens'] },
    createMcpToken: { invalidatesTags: ['McpTokens'] },
    revokeMcpToken: { invalidatesTags: ['McpTokens'] },
    getMcpItemToken: { keepUnusedDataFor: 0 },
  },
});

export const {
  useListMcpTokensQuery,
  useCreateMcpTokenMutation,
  useRevokeMcpTokenMutation,
  useLazyGetMcpItemTokenQuery,
} = mcpApi;
export type { CreateMcpTokenApiResponse, ListMcpTokensApiResponse } from './mcp.gen';
