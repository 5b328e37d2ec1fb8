// `npm start`: builds the client when it is missing or older than its sources, then runs the server
// in this same process (TypeScript through tsx), so signals reach Fastify's graceful close directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtPage = path.join(root, 'dist/index.html');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function clientIsStale() {
  if (!existsSync(builtPage)) return true;
  const sources = ['src/client', 'src/shared', 'static'].map((dir) => newestChange(path.join(root, dir)));
  const config = statSync(path.join(root, 'webpack.config.js')).mtimeMs;
  return Math.max(config, ...sources) > statSync(builtPage).mtimeMs;
}

if (clientIsStale()) {
  console.log('Building the client…');
  const build = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();
require(path.join(root, 'src/server/server.ts'));
