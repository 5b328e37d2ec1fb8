import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/** End-to-end tests drive Debian's Chromium against the real built server on a fresh PGlite folder. */
const port = Number(process.env.E2E_PORT ?? 3987);
export const baseURL = `http://localhost:${port}`;
const dataDir = path.join(os.tmpdir(), `baton-e2e-${process.pid}-${Date.now()}`);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  timeout: 30_000,
  workers: 1,
  // CI runs beside two other lanes on two cores; one retry keeps a timing stall from failing the run, and
  // .ci/failures.mjs names every test that needed it, so a flaky test is still seen.
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL,
    // Each test sees the pages as served; serviceWorker.e2e.ts allows the worker it tests.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: path.resolve(__dirname, '../..'),
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' },
  },
});
