import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { appKeyPair, FakeGithub } from '../server/helpers/fakeGithub';

/**
 * The hand-off loop in Chromium against a real Baton whose GitHub is a fake on 127.0.0.1: connect the
 * team, hand an item to Claude Code, then GitHub's signed pull_request webhooks move the card's badge
 * from Sent to PR open to Merged. This test starts its own Baton (the shared one has no GitHub App).
 */
const port = 3991;
const base = `http://localhost:${port}`;
const webhookSecret = 'e2e-webhook-secret';
let github: FakeGithub;
let server: ChildProcess;

test.beforeAll(async () => {
  const keys = appKeyPair();
  github = new FakeGithub('5150', keys.publicKeyPem, { clientId: 'Iv1.e2e', clientSecret: 'e2e-secret' });
  github.addInstallation({
    id: 88,
    account: { login: 'acme', type: 'Organization' },
    repositories: [{ full_name: 'acme/shop', default_branch: 'main', private: true }],
  });
  const githubUrl = await github.start();
  server = spawn('node', ['scripts/start.mjs'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: path.join(os.tmpdir(), `baton-e2e-handoff-${process.pid}-${Date.now()}`),
      LOG_LEVEL: 'warn',
      GITHUB_APP_ID: '5150',
      GITHUB_APP_SLUG: 'baton-e2e',
      GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem,
      GITHUB_WEBHOOK_SECRET: webhookSecret,
      GITHUB_APP_CLIENT_ID: 'Iv1.e2e',
      GITHUB_APP_CLIENT_SECRET: 'e2e-secret',
      GITHUB_API_URL: githubUrl,
      GITHUB_WEB_URL: githubUrl,
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    const up = await fetch(`${base}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('Baton did not start');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await github?.stop();
});

async function deliver(event: string, payload: unknown, deliveryId: string) {
  const body = JSON.stringify(payload);
  const response = await fetch(`${base}/v1/github/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': deliveryId,
      'x-hub-signature-256': `sha256=${createHmac('sha256', webhookSecret).update(body).digest('hex')}`,
    },
    body,
  });
  expect(response.status).toBe(200);
}

test('hand an item to Claude Code; its pull request comes back on the card', async ({ page }) => {
  test.setTimeout(180_000);
  const emailAddress = `handoff-${Date.now()}@example.com`;
  await page.goto(`${base}/`);
  await page.getByLabel(/e-mail/i).fill(emailAddress);
  await page.getByRole('button', { name: /^sign in with test/i }).click();
  await expect(page.getByRole('banner').getByText(emailAddress)).toBeVisible();

  // Connect GitHub: the install page is GitHub's, so the test comes back the way GitHub would send it.
  await page.goto(`${base}/settings/github`);
  await page.getByRole('button', { name: 'Connect GitHub' }).click();
  await page.waitForURL(/\/apps\/baton-e2e\/installations\/new\?state=/);
  const state = new URL(page.url()).searchParams.get('state')!;
  const code = github.issueCode([88]);
  await page.goto(
    `${base}/settings/github?installation_id=88&setup_action=install&state=${encodeURIComponent(state)}&code=${code}`,
  );
  await expect(page.getByTestId('github-account')).toHaveText('acme (organisation)');
  await page.getByRole('combobox', { name: 'Repository' }).selectOption('acme/shop');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('listitem', { name: 'Claude Code' }).getByText('Ready', { exact: true })).toBeVisible();

  // An item on today's column, with a goal: ready to hand off.
  await page.goto(`${base}/`);
  const today = page.locator('[data-bucket-key]').first();
  await today.getByRole('button', { name: /^Add item to/ }).click();
  await today.getByRole('form').getByLabel('Title').fill('Checkout page');
  await today.getByRole('form').getByLabel('Title').press('Enter');
  const card = page.getByRole('button', { name: 'Checkout page', exact: true });
  await card.click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('button', { name: 'Add goal' }).click();
  await panel.getByRole('textbox', { name: 'Goal 1' }).fill('Pay in one step');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Unsaved changes')).toBeHidden();

  await panel.getByRole('button', { name: 'Hand off…' }).click();
  await panel.getByRole('button', { name: 'Send to Claude Code' }).click();
  await expect(panel.getByRole('status')).toContainText('Sent to Claude Code: issue #1 in acme/shop');
  const issue = github.issues.at(-1)!;
  expect(issue.body.startsWith('@claude Please implement')).toBe(true);
  await page.keyboard.press('Escape');
  const badge = page.locator('[data-card-id]', { has: card }).locator('[data-status]');
  await expect(badge).toHaveText('Sent');

  // GitHub reports Claude's pull request, then its merge; the board shows each after a reload.
  const pullRequest = (action: string, merged: boolean) => ({
    action,
    installation: { id: 88 },
    repository: { full_name: 'acme/shop' },
    pull_request: {
      number: 12,
      title: 'Checkout page',
      html_url: 'https://github.example/acme/shop/pull/12',
      body: `Fixes #${issue.number}`,
      merged,
      head: { ref: `claude/issue-${issue.number}-checkout` },
    },
  });
  await deliver('pull_request', pullRequest('opened', false), 'e2e-pr-opened');
  await expect(async () => {
    await page.reload();
    await expect(badge).toHaveText('PR open', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await deliver('pull_request', pullRequest('closed', true), 'e2e-pr-merged');
  await expect(async () => {
    await page.reload();
    await expect(badge).toHaveText('Merged', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});
