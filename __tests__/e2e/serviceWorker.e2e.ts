import { expect, test, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

test.use({ serviceWorkers: 'allow' });

/**
 * A real update in Chromium: build A (dist/, which the e2e server built) is served and its worker
 * takes control; then the server restarts on build B, the page checks for a new worker, B installs,
 * is told to skip waiting, and the page reloads onto B — B's build hash in the console.
 */
const root = path.resolve(__dirname, '../..');
const buildA = path.join(root, 'dist');
const hashB = `e2e-b-${Date.now()}`;
let buildB: string;
/** Built with SERVICE_WORKER=off. */
let buildOff: string;
let dataDir: string;
let port: number;
let server: ChildProcess | null = null;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });

async function serve(distDir: string) {
  await stopServer();
  const origin = `http://localhost:${port}`;
  server = spawn(process.execPath, [path.join(__dirname, 'helpers/serveClientBuild.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      CLIENT_DIST_DIR: distDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
}

async function stopServer() {
  const running = server;
  if (!running) return;
  server = null;
  if (running.exitCode !== null) return;
  await new Promise((resolve) => {
    running.once('exit', resolve);
    running.kill('SIGTERM');
  });
}

const buildLine = (hash: string) => new RegExp(`^Baton build ${hash} \\(`);
const builds = (page: Page) => {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Baton build ')) lines.push(message.text());
  });
  return lines;
};

test.describe('service worker', () => {
  test.beforeAll(async () => {
    test.setTimeout(420_000);
    expect(existsSync(path.join(buildA, 'sw.js'))).toBe(true);
    buildB = mkdtempSync(path.join(os.tmpdir(), 'baton-build-b-'));
    buildOff = mkdtempSync(path.join(os.tmpdir(), 'baton-build-off-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'baton-sw-e2e-'));
    // Production builds like A; webpack's cache (node_modules/.cache/webpack) keeps what A built, so
    // each redoes only the modules the changed BUILD_HASH and SERVICE_WORKER reach.
    const webpack = (outputPath: string, env: Record<string, string>) => {
      const build = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', outputPath], {
        cwd: root,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });
      expect(build.status, build.stderr + build.stdout).toBe(0);
    };
    webpack(buildB, { BUILD_HASH: hashB });
    webpack(buildOff, { BUILD_HASH: `${hashB}-off`, SERVICE_WORKER: 'off' });
    port = await freePort();
  });

  test.afterAll(async () => {
    await stopServer();
    rmSync(buildB, { recursive: true, force: true });
    rmSync(buildOff, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('precaches the built files and the shell, never an API path', () => {
    const worker = readFileSync(path.join(buildB, 'sw.js'), 'utf8');
    const urls = [...worker.matchAll(/["']url["']:\s*["']([^"']+)["']/g)].map((match) => match[1]!);
    expect(urls).toContain('/');
    expect(urls.some((url) => /^\/main\.[0-9a-f]+\.js$/.test(url))).toBe(true);
    for (const url of urls) {
      expect(url).not.toMatch(/^\/(v1|mcp|oauth|\.well-known)/);
      expect(url).not.toMatch(/\.(map|br|gz)$/);
      if (url !== '/') expect(existsSync(path.join(buildB, url))).toBe(true);
    }
  });

  test('a new build reloads the page onto it, with its build hash logged', async ({ page }) => {
    test.setTimeout(180_000);
    const origin = `http://localhost:${port}`;
    const logged = builds(page);
    await serve(buildA);
    await page.goto(`${origin}/`);
    // The first visit installs build A's worker; from the next load on, it controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const hashA = /^Baton build (\S+) /.exec(logged.at(-1) ?? '')?.[1];
    expect(hashA).toBeTruthy();
    expect(hashA).not.toBe(hashB);

    await serve(buildB);
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    // What the 30-minute check does, now.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    await reloaded;
    await expect.poll(() => logged.at(-1) ?? '', { timeout: 15_000 }).toMatch(buildLine(hashB));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);
    // B skipped waiting: it is the active worker, none is left waiting behind it.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: Boolean(registration?.waiting), active: registration?.active?.state };
        }),
      )
      .toEqual({ waiting: false, active: 'activated' });

    // Offline, page loads get build B's shell from the precache; the API is never answered from it.
    await stopServer();
    logged.length = 0;
    await page.reload();
    await expect.poll(() => logged.at(-1) ?? '').toMatch(buildLine(hashB));
    const api = await page.evaluate(() =>
      fetch('/v1/auth/validate').then(
        (response) => `answered ${response.status}`,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');
  });

  test('a build with the worker turned off removes it from the browser', async ({ page }) => {
    test.setTimeout(120_000);
    const origin = `http://localhost:${port}`;
    await serve(buildB);
    await page.goto(`${origin}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(existsSync(path.join(buildOff, 'sw.js'))).toBe(false);

    await serve(buildOff);
    await page.reload();
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length))
      .toBe(0);
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.includes('precache'))))
      .toEqual([]);
  });
});
