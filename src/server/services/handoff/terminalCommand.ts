/**
 * The terminal hand-off (spec §1 Local Terminal Automation; agents.md §3): the commands that give a
 * local Claude Code Baton's MCP server with the item's token, then start it on the item. No text the
 * team wrote goes into the command line: the agent reads the item, and the sender's instructions, over
 * MCP; the key (AE-12) is all the command names.
 *
 * The token never appears in a command: it is pasted at a hidden prompt into $BATON_TOKEN, and the
 * server is added with the literal `${BATON_TOKEN}` in its header, which Claude Code expands from its
 * environment when it connects (so it is in neither the shell's history, nor a process's arguments,
 * nor Claude Code's config file). The commands are for bash and zsh.
 */
import { MCP_TOKEN_PATH } from '../../routes/mcp/mcpEndpoint';
import { DEFAULT_TEST_COMMANDS, isTestCommand } from '../../../shared/testCommand';

/** The environment variable the commands read the token from. */
export const TOKEN_VARIABLE = 'BATON_TOKEN';

/** Baton's tools on the item's server, without asking: read, report progress, link the pull request, discuss. */
const BATON_TOOLS = [
  'get_item',
  'get_context_item',
  'list_context_items',
  'record_progress',
  'link_pull_request',
  'list_comments',
  'add_comment',
];

/** What the agent needs to finish the job in -p mode, where it cannot ask: edit, commit, push, open the PR. */
const CODE_TOOLS = [
  'Read',
  'Edit',
  'Write',
  'Glob',
  'Grep',
  'Bash(git:*)',
  'Bash(gh pr create:*)',
  'Bash(gh pr view:*)',
];

/** One word for the shell, whatever it holds: single-quoted, a quote inside closed, escaped and reopened. */
const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export interface TerminalCommands {
  /** Where the token is used: the MCP path that takes bearer tokens. */
  mcpUrl: string;
  /** The name of the item's MCP server in Claude Code, e.g. baton-AE-12 (beside a `baton` from the OAuth setup). */
  serverName: string;
  /** Reads the pasted token into $BATON_TOKEN at a hidden prompt, so it stays out of the shell's history. */
  readToken: string;
  /** Adds the item's MCP server to Claude Code; stops with a message when $BATON_TOKEN is empty. */
  addServer: string;
  /** Starts Claude Code on the item, headless; stops with a message when $BATON_TOKEN is empty. */
  run: string;
}

/**
 * The commands for one item. `testCommand` is the team's (Settings → GitHub), the only test command the
 * agent may run without asking; null allows the usual runners and asks the agent to pick the project's.
 */
export function terminalCommands(publicUrl: string, externalId: string, testCommand: string | null): TerminalCommands {
  if (!/^[A-Za-z0-9]+-\d+$/.test(externalId)) throw new Error(`unexpected item key ${externalId}`);
  // Stored commands passed the same check; this keeps a bad one out of a shell line whatever its source.
  if (testCommand !== null && !isTestCommand(testCommand)) throw new Error(`unexpected test command ${testCommand}`);
  const testCommands = testCommand === null ? DEFAULT_TEST_COMMANDS : [testCommand];
  const mcpUrl = `${publicUrl}${MCP_TOKEN_PATH}`;
  const serverName = `baton-${externalId}`;
  // A parameter expansion that fails stops the line in bash and zsh, with this message.
  const requireToken = `: "\${${TOKEN_VARIABLE}:?is empty: paste the item token first (step 1)}"`;
  const prompt = [
    `Implement the Baton item ${externalId}: read it with the get_item tool of the ${serverName} MCP server`,
    'and report with record_progress as you go.',
    "Read the team's comments on it with list_comments; if you need a decision from the team, ask it with add_comment",
    '(mention a member with @handle), record_progress with state awaitingInput, and read the answer with list_comments.',
    testCommand === null
      ? `Work on a new branch of this repository, run the tests with the command the project uses (one of ${DEFAULT_TEST_COMMANDS.join(', ')}), commit, and push your branch.`
      : `Work on a new branch of this repository, run the tests with ${testCommand}, commit, and push your branch.`,
    'If the gh command is installed, open a pull request with gh pr create;',
    'then call link_pull_request with its URL. If you cannot open one, say so with record_progress, naming the branch.',
  ].join(' ');
  const allowed = [
    ...BATON_TOOLS.map((tool) => `mcp__${serverName}__${tool}`),
    ...CODE_TOOLS,
    ...testCommands.map((command) => `Bash(${command}:*)`),
  ].join(',');
  return {
    mcpUrl,
    serverName,
    readToken: `printf 'Paste the item token: ' && read -rs ${TOKEN_VARIABLE} && export ${TOKEN_VARIABLE} && echo`,
    // Re-running it for the same item replaces the entry instead of failing with "already exists".
    addServer: `${requireToken} && { claude mcp remove ${serverName} >/dev/null 2>&1; claude mcp add --transport http ${serverName} ${shellWord(mcpUrl)} --header ${shellWord(`Authorization: Bearer \${${TOKEN_VARIABLE}}`)}; }`,
    run: `${requireToken} && claude -p ${shellWord(prompt)} --allowedTools ${shellWord(allowed)}`,
  };
}
