import { enhancedApi } from './mcp.gen';

/**
 * The mcp group: the member's MCP tokens and OAuth connections (Settings → MCP), the OAuth consent
 * screen, and the terminal hand-off's item token. A
 * token is answered once, so nothing here keeps one cached after its screen is gone.
 */
export const mcpApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    listMcpTokens: { providesTags: ['McpTokens'] },
    createMcpToken: { invalidatesTags: ['McpTokens'] },
    revokeMcpToken: { invalidatesTags: ['McpTokens'] },
    // A new item token revokes the item's previous one: the Settings list changes either way.
    createMcpItemToken: { invalidatesTags: ['McpTokens'] },
    // The consent screen reads a one-time authorization request: never from a cache.
    getOAuthClient: { keepUnusedDataFor: 0 },
    listMcpConnections: { providesTags: ['McpConnections'] },
    revokeMcpConnection: { invalidatesTags: ['McpConnections'] },
  },
});

export const {
  useListMcpTokensQuery,
  useCreateMcpTokenMutation,
  useRevokeMcpTokenMutation,
  useCreateMcpItemTokenMutation,
  useGetOAuthClientQuery,
  useAnswerOAuthConsentMutation,
  useListMcpConnectionsQuery,
  useRevokeMcpConnectionMutation,
} = mcpApi;
export type {
  CreateMcpTokenApiResponse,
  ListMcpTokensApiResponse,
  GetOAuthClientApiResponse,
  ListMcpConnectionsApiResponse,
} from './mcp.gen';
