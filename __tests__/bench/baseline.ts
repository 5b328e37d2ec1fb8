/**
 * The baseline build for `npm run bench -- --baseline=<commit>`: a detached `git worktree` of that commit
 * beside this tree (under the system's temporary folder), with its node_modules and its production bundle.
 * node_modules is a hard-link copy of this tree's when every package the baseline's lockfile pins is
 * here at the same version; otherwise `npm ci` installs the baseline's own.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './harness';

type Lock = { packages: Record<string, { version?: string }> };

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** Whether every package of the baseline's lockfile is installed here at the same version. */
function lockfilesCompatible(dir: string): boolean {
  const ours = (JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock).packages;
  const theirs = (JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as Lock).packages;
  return Object.entries(theirs).every(([name, entry]) => name === '' || ours[name]?.version === entry.version);
}

function run(command: string, args: string[], cwd: string, minutes: number) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', timeout: minutes * 60_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (${result.status})`);
}

export interface Baseline {
  commit: string;
  dir: string;
  /** How its node_modules came about. */
  modules: 'hard-link copy' | 'npm ci';
  remove(): void;
}

export function prepareBaseline(commit: string): Baseline {
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  const dir = path.join(os.tmpdir(), `baton-baseline-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    console.log(`Baseline: worktree of ${sha.slice(0, 7)} at ${dir}`);
    git('worktree', 'add', '--detach', '--force', dir, sha);
  }
  let modules: Baseline['modules'] = 'hard-link copy';
  if (!existsSync(path.join(dir, 'node_modules'))) {
    if (lockfilesCompatible(dir)) {
      run('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')], root, 5);
      // Tools write their caches in place; the copy's own caches must not be links to this tree's files.
      rmSync(path.join(dir, 'node_modules/.cache'), { recursive: true, force: true });
    } else {
      modules = 'npm ci';
      run('npm', ['ci', '--no-audit', '--no-fund'], dir, 10);
    }
  }
  if (!existsSync(path.join(dir, 'dist/index.html'))) {
    console.log('Baseline: building its client…');
    run('npx', ['webpack', '--mode', 'production'], dir, 15);
  }
  return {
    commit: sha,
    dir,
    modules,
    remove() {
      git('worktree', 'remove', '--force', dir);
    },
  };
}
