import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { terminalCommands } from '../../src/server/services/handoff/terminalCommand';
import { DEFAULT_TEST_COMMANDS } from '../../src/shared/testCommand';

const commands = terminalCommands('https://baton.example.com', 'AE-12', null);
const allowedTools = (run: string) => /--allowedTools '([^']+)'$/.exec(run)![1]!.split(',');

describe('the terminal hand-off commands', () => {
  it('add a server named for the item, with the token read by Claude Code from $BATON_TOKEN', () => {
    expect(commands.serverName).toBe('baton-AE-12');
    expect(commands.mcpUrl).toBe('https://baton.example.com/mcp/token');
    expect(commands.addServer).toBe(
      `: "\${BATON_TOKEN:?is empty: paste the item token first (step 1)}" && { claude mcp remove baton-AE-12 >/dev/null 2>&1; claude mcp add --transport http baton-AE-12 'https://baton.example.com/mcp/token' --header 'Authorization: Bearer \${BATON_TOKEN}'; }`,
    );
    expect(commands.readToken).toBe(
      "printf 'Paste the item token: ' && read -rs BATON_TOKEN && export BATON_TOKEN && echo",
    );
  });

  it("allow the item server's tools and what it takes to finish: edit, test, commit, push, gh pr create", () => {
    expect(allowedTools(commands.run)).toEqual([
      'mcp__baton-AE-12__get_item',
      'mcp__baton-AE-12__get_context_item',
      'mcp__baton-AE-12__list_context_items',
      'mcp__baton-AE-12__record_progress',
      'mcp__baton-AE-12__link_pull_request',
      'mcp__baton-AE-12__list_comments',
      'mcp__baton-AE-12__add_comment',
      'Read',
      'Edit',
      'Write',
      'Glob',
      'Grep',
      'Bash(git:*)',
      'Bash(gh pr create:*)',
      'Bash(gh pr view:*)',
      ...DEFAULT_TEST_COMMANDS.map((command) => `Bash(${command}:*)`),
    ]);
    expect(commands.run).toMatch(
      /^: "\$\{BATON_TOKEN:\?is empty: paste the item token first \(step 1\)\}" && claude -p '/,
    );
    const steps = ['get_item', 'record_progress', 'push your branch', 'gh pr create', 'link_pull_request'];
    // An agent that needs the team asks on the item and reads the answer.
    for (const step of [...steps, 'ask it with add_comment', 'awaitingInput', 'read the answer with list_comments']) {
      expect(commands.run).toContain(step);
    }
  });

  it("with the team's test command: only that command is allowed, and the prompt names it", () => {
    const team = terminalCommands('https://baton.example.com', 'AE-12', 'npm run test:ci -- --runInBand');
    const allowed = allowedTools(team.run);
    expect(allowed.filter((tool) => tool.startsWith('Bash('))).toEqual([
      'Bash(git:*)',
      'Bash(gh pr create:*)',
      'Bash(gh pr view:*)',
      'Bash(npm run test:ci -- --runInBand:*)',
    ]);
    expect(team.run).toContain('run the tests with npm run test:ci -- --runInBand, commit');
    expect(team.run).not.toContain('pytest');
  });

  it('refuse an item key or a test command that is not one', () => {
    expect(() => terminalCommands('https://baton.example.com', "AE-1'; rm -rf ~", null)).toThrow('unexpected item key');
    for (const bad of ["npm test'; rm -rf ~", 'npm test,Bash(rm:*)', 'npm test $(whoami)', 'npm test\nrm -rf ~']) {
      expect(() => terminalCommands('https://baton.example.com', 'AE-12', bad)).toThrow('unexpected test command');
    }
  });
});

/** The commands as a shell runs them, with a stand-in `claude` that notes its arguments. */
describe('the terminal hand-off commands in bash and sh', () => {
  let folder: string;
  let argsFile: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'baton-terminal-'));
    argsFile = path.join(folder, 'claude-args.txt');
    await writeFile(
      path.join(folder, 'claude'),
      `#!/bin/sh\nfor arg in "$@"; do printf '[%s]' "$arg" >> '${argsFile}'; done\necho >> '${argsFile}'\n`,
    );
    await chmod(path.join(folder, 'claude'), 0o755);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));
  beforeEach(() => rm(argsFile, { force: true }));

  const shell = (name: string, line: string, env: Record<string, string>, input = '') =>
    new Promise<{ code: number; stderr: string }>((resolve) => {
      const child = execFile(
        name,
        ['-c', line],
        { env: { PATH: `${folder}:/usr/bin:/bin`, ...env } },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      );
      // A shell that stops before reading closes its input: that is not the test's failure.
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(input);
    });
  const calls = async () =>
    (await readFile(argsFile, 'utf8').catch(() => '')).split('\n').filter((line) => line.length > 0);

  it.each(['bash', 'sh'])('%s: an empty or unset $BATON_TOKEN stops both commands with a message', async (name) => {
    for (const env of [{}, { BATON_TOKEN: '' }] as Record<string, string>[]) {
      for (const line of [commands.addServer, commands.run]) {
        const stopped = await shell(name, line, env);
        expect(stopped.code).not.toBe(0);
        expect(stopped.stderr).toContain('BATON_TOKEN: is empty: paste the item token first (step 1)');
      }
    }
    expect(await calls()).toEqual([]);
  });

  it('bash: the pasted token reaches Claude Code only through its environment, never its arguments', async () => {
    const token = 'baton_mcp_pasted-secret';
    const done = await shell(
      'bash',
      `${commands.readToken} && ${commands.addServer} && ${commands.run}`,
      {},
      `${token}\n`,
    );
    expect(done.code).toBe(0);
    const [remove, add, run] = await calls();
    expect(remove).toBe('[mcp][remove][baton-AE-12]');
    expect(add).toBe(
      '[mcp][add][--transport][http][baton-AE-12][https://baton.example.com/mcp/token][--header][Authorization: Bearer ${BATON_TOKEN}]',
    );
    expect(run).toMatch(
      /^\[-p\]\[Implement the Baton item AE-12: .*\]\[--allowedTools\]\[mcp__baton-AE-12__get_item,.*\]$/,
    );
    expect((await calls()).join('\n')).not.toContain(token);
  });

  it("bash: the team's test command reaches Claude Code as one allowed tool inside one argument", async () => {
    const team = terminalCommands('https://baton.example.com', 'AE-12', 'make check TARGET=unit');
    expect((await shell('bash', team.run, { BATON_TOKEN: 'secret' })).code).toBe(0);
    const [run] = await calls();
    expect(run).toMatch(/\]\[--allowedTools\]\[[^\]]*,Bash\(make check TARGET=unit:\*\)\]$/);
  });
});
