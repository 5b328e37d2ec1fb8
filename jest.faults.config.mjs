// The fault suite (npm run test:faults): the real server process under database faults and SIGKILL.
// Kept out of npm test (jest.config.ts matches no __tests__/faults file); one file at a time, as each
// starts servers and drives load. npm runs jest from the package root, so <rootDir> is the root here.
export default {
  rootDir: process.cwd(),
  displayName: 'faults',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/faults/**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  maxWorkers: 1,
};
