import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The Claude Code release the test drives; CLAUDE_CODE_VERSION picks another. */
const VERSION = process.env.CLAUDE_CODE_VERSION ?? '2.1.332';
/** Installed here, beside webpack's cache: never a dependency of Baton. */
const CACHE_DIR = path.resolve(__dirname, '../../../node_modules/.cache/claude-code', VERSION);
const BINARY = path.join(CACHE_DIR, 'node_modules/.bin/claude');

const run = (command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout: number }) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });

/**
 * Installs the real Claude Code CLI (@anthropic-ai/claude-code, a native binary per platform) into the
 * cache once; answers the binary, or why it cannot be had here (no registry, no build for this platform).
 */
export async function installClaudeCode(): Promise<{ binary: string } | { unavailable: string }> {
  if (!existsSync(BINARY)) {
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(path.join(CACHE_DIR, 'package.json'), '{ "name": "claude-code-cache", "private": true }\n');
    const install = await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--engine-strict=false',
        `@anthropic-ai/claude-code@${VERSION}`,
      ],
      { cwd: CACHE_DIR, timeout: 300_000 },
    );
    if (install.code !== 0)
      return {
        unavailable: `npm could not install @anthropic-ai/claude-code@${VERSION}: ${install.output.slice(-500)}`,
      };
  }
  const version = await run(BINARY, ['--version'], { timeout: 60_000 });
  if (version.code !== 0 || !version.output.includes('Claude Code')) {
    return { unavailable: `the installed claude does not run here: ${version.output.slice(-500)}` };
  }
  return { binary: BINARY };
}

/** A throwaway HOME and project folder, and a $BROWSER that notes the URL Claude Code opens instead of opening it. */
export async function claudeCodeHome(binary: string) {
  const home = await mkdtemp(path.join(os.tmpdir(), 'baton-claude-home-'));
  const project = path.join(home, 'project');
  await mkdir(project);
  const opened = path.join(home, 'opened-urls.txt');
  const browser = path.join(home, 'browser.sh');
  await writeFile(browser, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`);
  await chmod(browser, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    BROWSER: browser,
    // No model calls are made; keep the CLI from reaching out for anything else either.
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
  };
  return {
    /** Runs `claude <args>` in the project folder to its end. */
    claude: (args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
      run(binary, args, { cwd: project, env: { ...env, ...extraEnv }, timeout: 60_000 }),
    /** Runs a command line as a user pastes it, in bash in the project folder, with `claude` on the PATH. */
    shell: (line: string, options: { env?: NodeJS.ProcessEnv; input?: string } = {}) =>
      new Promise<{ code: number; output: string }>((resolve) => {
        const child = execFile(
          'bash',
          ['-c', line],
          {
            cwd: project,
            env: { ...env, PATH: `${path.dirname(binary)}:${env.PATH ?? ''}`, ...options.env },
            timeout: 60_000,
          },
          (error, stdout, stderr) => {
            const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
            resolve({ code, output: `${stdout}${stderr}` });
          },
        );
        child.stdin!.on('error', () => undefined);
        child.stdin!.end(options.input ?? '');
      }),
    /**
     * Starts `claude <args>` on a pseudo-terminal (`script`): `claude mcp login` refuses to run without
     * one. Its output is collected as it comes.
     */
    interactive(args: string[]) {
      const command = [binary, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
      const child: ChildProcess = spawn('script', ['-qfec', command, '/dev/null'], { cwd: project, env });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
      return { exited, output: () => output, stop: () => child.kill('SIGTERM') };
    },
    /** The URL Claude Code asked the browser to open, once it has. */
    async openedUrl(timeoutMs = 30_000): Promise<string> {
      for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 200))) {
        const urls = existsSync(opened) ? (await readFile(opened, 'utf8')).trim().split('\n').filter(Boolean) : [];
        if (urls.length > 0) return urls.at(-1)!;
      }
      throw new Error('Claude Code opened no browser');
    },
  };
}
