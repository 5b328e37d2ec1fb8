// Runs the fuzz suite (jest.fuzz.config.ts). Each operation gets FUZZ_RUNS requests (default 10, as CI
// runs it; `--long` makes it 200); the seed is printed, and FUZZ_SEED with the same FUZZ_RUNS replays a run.
// Every other argument goes to jest.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const long = args.includes('--long');
const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? (long ? '200' : '10') };
const jestArgs = ['jest', '-c', 'jest.fuzz.config.ts', ...args.filter((arg) => arg !== '--long')];
const result = spawnSync('npx', jestArgs, { stdio: 'inherit', env });
process.exit(result.status ?? 1);
