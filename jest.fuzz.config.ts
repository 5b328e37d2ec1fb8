/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 */
// The docblock above: when Node loads this file natively (22.18+), it cannot resolve the extensionless
// import below, and Jest then falls back to ts-node, which can (without type checking, as for jest.config.ts).
import type { Config } from 'jest';
import base from './jest.config';

/** The fuzz suite (npm run test:fuzz): the server project's setup, its own tests, kept out of npm test. */
const server = base.projects?.find(
  (project): project is Exclude<typeof project, string> =>
    typeof project !== 'string' && project.displayName === 'server',
);
if (!server) throw new Error('jest.config.ts has no server project');

const config: Config = {
  ...server,
  displayName: 'fuzz',
  testMatch: ['<rootDir>/__tests__/fuzz/**/*.test.ts'],
};

export default config;
