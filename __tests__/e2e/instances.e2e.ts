import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { signInHere } from './signIn';

/**
 * Scale-out (issue 12): two Baton instances on one PostgreSQL database, on different ports. A change
 * made through one reaches a board open on the other within a second (LISTEN/NOTIFY across instances).
 */
const root = path.resolve(__dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `baton_e2e_${process.pid}_${Date.now()}`;
const LIVE = { timeout: 1_500 };
const instances: ChildProcess[] = [];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function startInstance(): Promise<string> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const instance = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  instances.push(instance);
  await expect
    .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status, { timeout: 90_000 })
    .toBe(200);
  return origin;
}

let postgresUp = true;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  postgresUp = await admin(async (client) => {
    await client.query(`create database ${database}`);
    return true;
  }).catch(() => false);
});

test.afterAll(async () => {
  await Promise.all(
    instances.map(
      (instance) =>
        new Promise((resolve) => {
          if (instance.exitCode !== null) return resolve(null);
          instance.once('exit', resolve);
          instance.kill('SIGTERM');
        }),
    ),
  );
  if (postgresUp) await admin((client) => client.query(`drop database if exists ${database} with (force)`));
});

const cardTitles = (page: Page) =>
  page.locator('[data-bucket-key]').first().locator('[data-card-id] [data-card-focus] > span:first-child');

test('a change made through one instance reaches a board open on another at once', async ({ browser }) => {
  test.skip(!postgresUp, 'PostgreSQL is not reachable');
  test.setTimeout(240_000);
  // One after the other: the first one migrates the new database.
  const first = await startInstance();
  const second = await startInstance();
  const email = `instances-${Date.now()}@example.com`;
  const onFirst = await (await browser.newContext({ baseURL: first })).newPage();
  const onSecond = await (await browser.newContext({ baseURL: second })).newPage();
  for (const page of [onFirst, onSecond]) {
    await page.goto('/');
    await signInHere(page, email);
    await expect(page.getByRole('region', { name: 'Board' })).toBeVisible();
  }

  const today = onFirst.locator('[data-bucket-key]').first();
  await today.getByRole('button', { name: /^Add item to/ }).click();
  await today.getByRole('form').getByLabel('Title').fill('Made on the first instance');
  await today.getByRole('form').getByLabel('Title').press('Enter');
  await today.getByRole('button', { name: 'Close new item' }).click();
  await expect(cardTitles(onSecond)).toHaveText(['Made on the first instance'], LIVE);

  // And back: a completion on the second reaches the first.
  await onSecond
    .locator('[data-bucket-key]')
    .first()
    .getByRole('button', { name: 'Made on the first instance' })
    .focus();
  await onSecond.keyboard.press('x');
  await expect(today.getByRole('button', { name: /^Mark incomplete: / })).toHaveAttribute('aria-pressed', 'true', LIVE);
});
