import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { appKeyPair, FakeGithub } from '../server/helpers/fakeGithub';

/**
 * The hand-off loop in Chromium against a real Baton whose GitHub is a fake on 127.0.0.1: connect the
 * team (which authorizes the Admin's GitHub account too), hand one item each to Claude Code, Copilot
 * and Cursor, then GitHub's signed pull_request webhooks move each card's badge from Sent to PR open
 * (and Claude's to Merged). This test starts its own Baton (the shared one has no GitHub App).
 */
const port = 3991;
const base = `http://localhost:${port}`;
const webhookSecret = 'e2e-webhook-secret';
let github: FakeGithub;
let server: ChildProcess;

test.beforeAll(async () => {
  // Starting a second Baton beside the suite's own can take a while on a busy CI machine (it waits up to 120 s).
  test.setTimeout(150_000);
  const keys = appKeyPair();
  github = new FakeGithub('5150', keys.publicKeyPem, { clientId: 'Iv1.e2e', clientSecret: 'e2e-secret' });
  github.addInstallation({
    id: 88,
    account: { login: 'acme', type: 'Organization' },
    repositories: [{ full_name: 'acme/shop', default_branch: 'main', private: true }],
  });
  github.workflows.set('acme/shop', {
    '.github/workflows/claude.yml':
      'on:\n  issues:\n    types: [opened]\njobs:\n  claude:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: anthropics/claude-code-action@v1\n        with:\n          allowed_bots: "baton-e2e[bot]"\n',
  });
  github.copilotRepositories.add('acme/shop');
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

const pullRequest = (action: string, number: number, issue: number, merged: boolean, branch: string) => ({
  action,
  installation: { id: 88 },
  repository: { full_name: 'acme/shop' },
  pull_request: {
    number,
    title: 'Agent work',
    html_url: `${github.web}/acme/shop/pull/${number}`,
    body: `Fixes #${issue}`,
    merged,
    head: { ref: branch },
  },
});

test('hand items to Claude Code, Copilot and Cursor; their pull requests come back on the cards', async ({ page }) => {
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
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  for (const agent of ['Claude Code', 'Copilot', 'Cursor']) {
    await expect(page.getByRole('listitem', { name: agent }).getByText('Ready', { exact: true })).toBeVisible();
  }
  // The install's redirect authorized the app for this Admin too.
  await expect(page.getByTestId('github-user')).toHaveText('octocat');

  // One item per agent on today's column, each with a goal: ready to hand off.
  await page.goto(`${base}/`);
  const today = page.locator('[data-bucket-key]').first();
  const handOff = async (title: string, agent: string) => {
    // Quick add stays open after an item is added, ready for the next.
    const titleField = today.getByRole('form').getByLabel('Title');
    if (!(await titleField.isVisible())) await today.getByRole('button', { name: /^Add item to/ }).click();
    await titleField.fill(title);
    await titleField.press('Enter');
    const card = page.getByRole('button', { name: title, exact: true });
    await card.click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('button', { name: 'Add goal' }).click();
    await panel.getByRole('textbox', { name: 'Goal 1' }).fill('Works for a customer');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText('Unsaved changes')).toBeHidden();
    await panel.getByRole('button', { name: 'Hand off…' }).click();
    await panel.getByRole('radio', { name: agent, exact: true }).check();
    await panel.getByRole('button', { name: `Send to ${agent}` }).click();
    await expect(panel.getByRole('status')).toContainText(`Sent to ${agent}: issue #`);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    const badge = page.locator('[data-card-id]', { has: card }).locator('[data-status]');
    await expect(badge).toHaveText('Sent');
    return { issue: github.issues.at(-1)!, badge };
  };

  const claude = await handOff('Checkout page', 'Claude Code');
  expect(claude.issue.body.startsWith('@claude Please implement')).toBe(true);
  const copilot = await handOff('Coupon codes', 'Copilot');
  expect(copilot.issue).toMatchObject({ openedBy: 'octocat', assignees: ['copilot-swe-agent[bot]'] });
  const cursor = await handOff('Gift cards', 'Cursor');
  expect(github.comments.at(-1)).toMatchObject({ number: cursor.issue.number, by: 'octocat' });

  // GitHub reports each agent's pull request (and Claude's merge); the board shows each after a reload.
  const seen = async (badge: typeof claude.badge, text: string) =>
    expect(async () => {
      await page.reload();
      await expect(badge).toHaveText(text, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  const claudeBranch = `claude/issue-${claude.issue.number}-checkout`;
  await deliver('pull_request', pullRequest('opened', 12, claude.issue.number, false, claudeBranch), 'e2e-pr-1');
  await seen(claude.badge, 'PR open');
  await deliver('pull_request', pullRequest('closed', 12, claude.issue.number, true, claudeBranch), 'e2e-pr-2');
  await seen(claude.badge, 'Merged');
  await deliver('pull_request', pullRequest('opened', 13, copilot.issue.number, false, 'copilot/coupons'), 'e2e-pr-3');
  await seen(copilot.badge, 'PR open');
  await deliver('pull_request', pullRequest('opened', 14, cursor.issue.number, false, 'cursor/gift-cards'), 'e2e-pr-4');
  await seen(cursor.badge, 'PR open');
});
