import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from './testApp';
import { createItem, inWeek, teamUser } from './planning';
import { appKeyPair, FakeGithub } from './fakeGithub';

/** A repository's Claude Code workflow, as anthropics/claude-code-action documents it. */
export const claudeWorkflow = (allowedBots: string) => `name: Claude Code
on:
  issues:
    types: [opened, assigned, labeled]
jobs:
  claude:
    runs-on: ubuntu-latest
    steps:
      - uses: anthropics/claude-code-action@v1
        with:
          anthropic_api_key: \${{ secrets.ANTHROPIC_API_KEY }}
          allowed_bots: "${allowedBots}"
`;

export const SEND = '/v1/teams/active/project-items/send-to-agent';
export const WEBHOOK_SECRET = 'whs';
export const INSTALLATION = 31;

/** Signs a body as GitHub does: HMAC-SHA256 of the exact bytes with the webhook secret (@octokit/webhooks-methods). */
export async function signLikeGithub(body: string, secret = WEBHOOK_SECRET) {
  const { sign } = await import('@octokit/webhooks-methods');
  return sign(secret, body);
}
export const hmac = (body: string, secret = WEBHOOK_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * Baton with a GitHub App pointed at a fake GitHub on 127.0.0.1, one team connected to installation 31
 * (`acme/shop`, whose workflow lets Baton's bot start Claude), and helpers to send and to deliver.
 */
export async function githubHandoffWorld(env: Record<string, string> = {}) {
  const keys = appKeyPair();
  const github = new FakeGithub('4242', keys.publicKeyPem, { clientId: 'Iv1.h', clientSecret: 'h-secret' });
  github.addInstallation({
    id: INSTALLATION,
    account: { login: 'acme', type: 'Organization' },
    repositories: [{ full_name: 'acme/shop', default_branch: 'main', private: true }],
  });
  github.workflows.set('acme/shop', { '.github/workflows/claude.yml': claudeWorkflow('baton-handoff[bot]') });
  const apiUrl = await github.start();
  const t: TestApp = await buildTestApp({
    GITHUB_APP_ID: '4242',
    GITHUB_APP_SLUG: 'baton-handoff',
    GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem,
    GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
    GITHUB_APP_CLIENT_ID: 'Iv1.h',
    GITHUB_APP_CLIENT_SECRET: 'h-secret',
    GITHUB_API_URL: apiUrl,
    GITHUB_WEB_URL: apiUrl,
    GITHUB_TIMEOUT_SECONDS: '1',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const owner = await teamUser(t.app, 'github-world@example.com');
  const started = await call(t.app, 'POST', '/v1/teams/active/github/app/install', { cookie: owner.cookie });
  const state = new URL(started.json().data.installUrl).searchParams.get('state')!;
  const installed = await call(t.app, 'PUT', '/v1/teams/active/github/app/install', {
    cookie: owner.cookie,
    body: { installationId: INSTALLATION, state, code: github.issueCode([INSTALLATION]) },
  });
  if (installed.statusCode !== 200) throw new Error(`install failed: ${installed.body}`);
  await call(t.app, 'PUT', '/v1/teams/active/github/repository', {
    cookie: owner.cookie,
    body: { repository: 'acme/shop' },
  });

  let deliveries = 0;
  const world = {
    t,
    github,
    owner,
    readyItem: () =>
      createItem(t.app, owner.cookie, owner.projectId, {
        kind: 'implementations',
        project: inWeek(2968),
        item: { description: 'Checkout page', goals: ['Pay in one step'] },
      }),
    send: (itemId: string, headers: Record<string, string> = {}, agent = 'claude-code') =>
      call(t.app, 'POST', SEND, {
        cookie: owner.cookie,
        body: { itemId, automationKind: 0, agent },
        headers,
      }),
    /** A sent hand-off with its issue, ready for deliveries. */
    async sentHandoff() {
      const item = await world.readyItem();
      const sent = await world.send(item.id);
      if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
      return { item, handoff: sent.json().data as { id: string; issueNumber: number; issueUrl: string } };
    },
    /** Posts a delivery signed like GitHub, without waiting for it to be applied. */
    async post(event: string, payload: unknown, deliveryId = `delivery-${++deliveries}`) {
      const body = JSON.stringify(payload);
      return t.app.inject({
        method: 'POST',
        url: '/v1/github/webhook',
        headers: {
          'content-type': 'application/json',
          'x-github-event': event,
          'x-github-delivery': deliveryId,
          'x-hub-signature-256': await signLikeGithub(body),
          'user-agent': 'GitHub-Hookshot/0fd1b5b',
        },
        payload: body,
      });
    },
    /** Posts a delivery and waits until it is applied. */
    async deliver(event: string, payload: unknown, deliveryId?: string) {
      const response = await world.post(event, payload, deliveryId);
      await t.app.githubQueue.idle();
      return response;
    },
    async handoffOf(itemId: string) {
      const answer = await call(t.app, 'GET', `/v1/teams/active/project-items/${itemId}/handoffs`, {
        cookie: owner.cookie,
      });
      return answer.json().data.handoffs[0];
    },
    async itemOf(itemId: string) {
      return (await call(t.app, 'GET', `/v1/teams/active/project-items/all/${itemId}`, { cookie: owner.cookie })).json()
        .data;
    },
    async count(table: 'handoffs' | 'handoff_events' | 'github_deliveries') {
      const result = (await t.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      };
      return result.rows[0]!.n;
    },
    async close() {
      await t.close();
      await github.stop();
    },
  };
  return world;
}
export type GithubHandoffWorld = Awaited<ReturnType<typeof githubHandoffWorld>>;
