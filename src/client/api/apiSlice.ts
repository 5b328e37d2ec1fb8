import { createApi } from '@reduxjs/toolkit/query/react';
import { envelopeBaseQuery } from './envelopeBaseQuery';

/** Every tag of every API group, declared once so invalidation works across groups. */
export const tagTypes = [
  'Session',
  'CoreContext',
  'ActiveTeam',
  'IdentityProviders',
  'Project',
  'ItemSearch',
  'Item',
  'ItemHistory',
  'Subscription',
  'AgentDraft',
  'ContextItem',
  'ParentContexts',
  'Handoffs',
  'Comments',
  'Mentions',
  'GithubUserStatus',
  'McpTokens',
  'McpConnections',
  'BenchmarkAssessments',
] as const;

/** The one API slice; each group's generated endpoints are injected into it (`<group>.gen.ts`). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  tagTypes,
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
