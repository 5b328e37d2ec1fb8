/**
 * The user-facing pages of docs/ the content site publishes (not operations, architecture, billing
 * internals or benchmarks). Kept apart from the texts so the landing chunk can link to them cheaply.
 */
export const docSlugs = ['planning', 'handoff', 'mcp', 'ai', 'assessment'] as const;
export type DocSlug = (typeof docSlugs)[number];

export const docTitles: Record<DocSlug, { title: string; summary: string }> = {
  planning: {
    title: 'The planning board',
    summary: 'Buckets by day, week and milestone; moving, ordering and completing items.',
  },
  handoff: {
    title: 'Handing items to coding agents',
    summary: 'Connect GitHub and hand an item to Claude Code, Copilot or Cursor as an issue.',
  },
  mcp: {
    title: 'MCP server and the terminal hand-off',
    summary: 'Connect an MCP client by signing in, tokens, and the command for a local Claude Code.',
  },
  ai: { title: 'AI content generation', summary: 'Providers, the built-in drafter, guided flows and context items.' },
  assessment: {
    title: 'Agent-readiness assessment',
    summary: 'The rubric: dimensions, questions, scoring and reference profiles.',
  },
};
