// Runs the server test project on PostgreSQL. Each test file creates (and drops) its own database,
// cloned from a migrated template; TEST_DATABASE_URL names the server (default: the local one).
// With no test paths given it runs the files that use the test database (jest's related-tests graph from
// __tests__/server/helpers/testDatabase.ts): the server's pure unit tests would only repeat npm test.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};
const args = process.argv.slice(2);
const pathsGiven = args.some((arg) => !arg.startsWith('-'));
const onlyDatabaseTests = pathsGiven ? [] : ['--findRelatedTests', '__tests__/server/helpers/testDatabase.ts'];
// The caller's arguments go first: --selectProjects takes every word after it as a project name.
const result = spawnSync('npx', ['jest', ...args, ...onlyDatabaseTests, '--selectProjects', 'server'], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
