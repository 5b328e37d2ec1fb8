/**
 * Initial JavaScript per site (gzip), against the budgets in bundle-budgets.json.
 *   npm run size            reads the production build in dist/ (npm run build), prints the sizes, fails
 *                           when a budget is exceeded by more than its tolerance (10%)
 * "Initial" = the boot entry plus the chunk group a site's route set loads before it can show anything;
 * chunks loaded later on demand (item panel, markdown, menus, dialogs) are not counted. Which files
 * those are comes from bundle-groups.json, which the production build writes beside them.
 * Sizes are measured by size-limit's file plugin (gzip level 9); 1 kB = 1,000 bytes, as size-limit says.
 */
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import sizeLimit from 'size-limit';
import filePlugin from '@size-limit/file';

const root = path.resolve(__dirname, '../..');

export interface Budget {
  name: string;
  /** The site's chunk group (its webpackChunkName), loaded after the boot entry. */
  chunkGroup: string;
  limitKb: number;
  /** How far over the budget CI still passes (0.1 = 10%). */
  tolerance: number;
}

export interface BundleResult extends Budget {
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
  status: 'within budget' | 'over budget, within tolerance' | 'over tolerance';
}

/** A production build into `outputPath` (the bench measures the tree as it is, not the last build). */
async function build(outputPath: string): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const configure = require(path.join(root, 'webpack.config.js')) as (
    env: unknown,
    argv: { mode: string },
  ) => Configuration;
  const config = configure({}, { mode: 'production' });
  config.output = { ...config.output, path: outputPath };
  config.devtool = false;
  config.context = root;
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error || !stats) return reject(error ?? new Error('webpack gave no stats'));
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

/** What webpack.config.js's BundleGroupsPlugin writes: the boot entry's and each named chunk group's JavaScript. */
interface BundleGroups {
  entry: string[];
  groups: Record<string, string[]>;
}

async function gzipBytes(file: string): Promise<number> {
  const results = (await sizeLimit(
    [filePlugin] as never,
    { checks: [{ files: [file], gzip: true }] } as never,
  )) as unknown as {
    size: number;
  }[];
  return results[0]!.size;
}

/** Sizes of a production build already in `outputPath` against the budgets. */
export async function measureBuild(outputPath: string): Promise<BundleResult[]> {
  const budgets = JSON.parse(await readFile(path.join(__dirname, 'bundle-budgets.json'), 'utf8')) as Budget[];
  const groupsFile = path.join(outputPath, 'bundle-groups.json');
  await access(groupsFile).catch(() => {
    throw new Error(`${groupsFile} is missing: run npm run build first (a production build writes it).`);
  });
  const { entry, groups } = JSON.parse(await readFile(groupsFile, 'utf8')) as BundleGroups;
  const results: BundleResult[] = [];
  for (const budget of budgets) {
    const group = groups[budget.chunkGroup];
    if (!group) throw new Error(`No chunk group named ${budget.chunkGroup}`);
    const names = [...new Set([...entry, ...group])];
    const files = await Promise.all(
      names.map(async (file) => ({ file, gzipBytes: await gzipBytes(path.join(outputPath, file)) })),
    );
    const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
    const limit = budget.limitKb * 1000;
    const status =
      total <= limit
        ? 'within budget'
        : total <= limit * (1 + budget.tolerance)
          ? 'over budget, within tolerance'
          : 'over tolerance';
    results.push({ ...budget, files, gzipBytes: total, status });
  }
  return results;
}

/** Builds the tree as it is into a temporary folder and measures that (the bench). */
export async function measureBundles(): Promise<BundleResult[]> {
  const outputPath = await mkdtemp(path.join(os.tmpdir(), 'baton-size-'));
  try {
    await build(outputPath);
    return await measureBuild(outputPath);
  } finally {
    await rm(outputPath, { recursive: true, force: true });
  }
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main() {
  const results = await measureBuild(path.join(root, 'dist'));
  for (const result of results) {
    console.log(
      `${result.name}: ${kb(result.gzipBytes)} gzip (budget ${result.limitKb} kB, +${result.tolerance * 100}% tolerated) — ${result.status}`,
    );
    for (const file of result.files) console.log(`    ${kb(file.gzipBytes).padStart(9)}  ${file.file}`);
  }
  const failed = results.filter((result) => result.status === 'over tolerance');
  if (failed.length > 0 && process.argv.includes('--check')) {
    console.error(`Over budget by more than the tolerance: ${failed.map((result) => result.name).join(', ')}`);
    process.exit(1);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
