import type { McpScope } from '../../../shared/contract/mcp';

/** What each MCP scope lets a client do, in the words the settings and the consent screen use. */
export const scopeNames: Record<McpScope, string> = { 'items:read': 'Read items', 'items:write': 'Change items' };

export const scopeDetails: Record<McpScope, string> = {
  'items:read': "Read this team's projects, items and context items",
  'items:write': 'Create and change items, report progress and link pull requests',
};
