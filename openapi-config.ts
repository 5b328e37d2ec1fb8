import type { ConfigFile } from '@rtk-query/codegen-openapi';

/** The API groups of spec §7; each becomes `src/client/api/<group>.gen.ts` (generated, never edited). */
export const apiGroups = [
  'auth',
  'userAndTeam',
  'account',
  'projects',
  'items',
  'agent',
  'contextItems',
  'comments',
  'github',
  'handoff',
  'mcp',
  'benchmark',
] as const;

export const codegenOptions: Omit<ConfigFile, 'outputFile' | 'outputFiles' | 'schemaFile'> = {
  apiFile: './apiSlice',
  apiImport: 'api',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: false,
  useUnknown: true,
  flattenArg: true,
  encodePathParams: true,
  // fetchBaseQuery already encodes `params`; encoding here too would double-encode search text.
  encodeQueryParams: false,
};
