/**
 * The team's test command (Settings → GitHub): what a coding agent runs to test its change. It goes
 * into Claude Code's `--allowedTools` as `Bash(<command>:*)` and into the agent's prompt and the
 * GitHub issue, so it is plain words only: letters, digits and `_ . / : = @ + -`, single spaces
 * between words. No quote, `$`, backtick, `;`, `&`, `|`, `<`, `>`, parenthesis, comma, `*` or
 * backslash can break out of the shell word, the tool list or the permission pattern.
 */
export const TEST_COMMAND_MAX_LENGTH = 200;

export const TEST_COMMAND_PATTERN = /^[A-Za-z0-9_./][A-Za-z0-9_./:=@+-]*(?: [A-Za-z0-9_./:=@+-]+)*$/;

export const isTestCommand = (command: string) =>
  command.length <= TEST_COMMAND_MAX_LENGTH && TEST_COMMAND_PATTERN.test(command);

export const TEST_COMMAND_RULES = `a command of at most ${TEST_COMMAND_MAX_LENGTH} characters: words of letters, digits and _ . / : = @ + - separated by single spaces, not starting with "-" (no quotes, $, backticks, ; & | < > ( ) , * or \\), e.g. "npm run test:ci"`;

/** What an agent may run when the team has set no test command: the usual runners. */
export const DEFAULT_TEST_COMMANDS = [
  'npm test',
  'npm run test',
  'pnpm test',
  'yarn test',
  'make test',
  'pytest',
  'go test',
  'cargo test',
] as const;
