/**
 * The terminal hand-off (spec §1 Local Terminal Automation; agents.md §3): the commands that give a
 * local Claude Code Baton's MCP server with the item's token, then start it on the item. No text the
 * team wrote goes into the command line: the agent reads the item, and the sender's instructions, over
 * MCP; the key (AE-12) is all the command names.
 */
import { MCP_TOKEN_PATH } from '../../routes/mcp/mcpEndpoint';

/** Baton's tools the agent may call without asking, and the usual tools for editing and testing code. */
const ALLOWED_TOOLS = [
  'mcp__baton__get_item',
  'mcp__baton__get_context_item',
  'mcp__baton__list_context_items',
  'mcp__baton__record_progress',
  'mcp__baton__link_pull_request',
  'Read',
  'Edit',
  'Write',
  'Glob',
  'Grep',
  'Bash(git:*)',
  'Bash(npm test:*)',
];

export interface TerminalCommands {
  /** Where the token is used: the MCP path that takes bearer tokens. */
  mcpUrl: string;
  /** Adds Baton's MCP server to Claude Code, the token read from $BATON_TOKEN (so it stays out of history). */
  addServer: string;
  /** Starts Claude Code on the item, headless. */
  run: string;
}

export function terminalCommands(publicUrl: string, externalId: string): TerminalCommands {
  if (!/^[A-Za-z0-9]+-\d+$/.test(externalId)) throw new Error(`unexpected item key ${externalId}`);
  const mcpUrl = `${publicUrl}${MCP_TOKEN_PATH}`;
  const prompt = `Implement the Baton item ${externalId}: read it with the get_item tool, work in this repository, report with record_progress as you go, and call link_pull_request once your pull request is open.`;
  return {
    mcpUrl,
    addServer: `claude mcp add --transport http baton ${mcpUrl} --header "Authorization: Bearer $BATON_TOKEN"`,
    run: `claude -p "${prompt}" --allowedTools "${ALLOWED_TOOLS.join(',')}"`,
  };
}
