// Runs the server test project on PostgreSQL. Each test file creates (and drops) its own database,
// cloned from a migrated template; TEST_DATABASE_URL names the server (default: the local one).
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};
// The caller's arguments go first: --selectProjects takes every word after it as a project name.
const result = spawnSync('npx', ['jest', ...process.argv.slice(2), '--selectProjects', 'server'], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
