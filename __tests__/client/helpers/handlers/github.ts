import { http, HttpResponse } from 'msw';
import type { GithubStatus } from '../../../../src/shared/contract/github';
import { mockBackend, ok, unauthorizedBody } from './mockBackend';

const url = (path: string) => `${location.origin}/v1/teams/active/github${path}`;
const unauthorized = () => HttpResponse.json(unauthorizedBody, { status: 401 });
const refused = (message: string) => HttpResponse.json({ result: 'InvalidRequest', message }, { status: 400 });

const agentsOf = (connected: boolean, repository: string | null): GithubStatus['agents'] => {
  const installed = { check: 'GitHub app installed', ok: connected, fix: connected ? null : 'Connect GitHub.' };
  const chosen = {
    check: 'Repository chosen',
    ok: Boolean(repository),
    fix: repository ? null : 'Choose the repository.',
  };
  const user = { check: 'Your GitHub user authorization', ok: false, fix: 'Not available yet.' };
  return [
    { agent: 'claude-code', ready: connected && Boolean(repository), checks: [installed, chosen] },
    { agent: 'copilot', ready: false, checks: [installed, chosen, user] },
    { agent: 'cursor', ready: false, checks: [installed, chosen, user] },
  ];
};

/**
 * The server's side of the github group: one team's connection to a GitHub App whose installation 777
 * (the "acme" organisation) reaches two repositories; the state it hands out must come back.
 */
export const githubBackend = {
  configured: true,
  connected: false,
  repository: null as string | null,
  baseBranch: null as string | null,
  state: 'signed-state',
  calls: [] as string[],
  reset() {
    Object.assign(this, { configured: true, connected: false, repository: null, baseBranch: null, calls: [] });
  },
  status(): GithubStatus {
    return {
      configured: this.configured,
      connected: this.connected,
      appSlug: this.configured ? 'baton-test' : null,
      account: this.connected ? { login: 'acme', type: 'Organization', installationId: 777 } : null,
      repositories: this.connected
        ? [
            { fullName: 'acme/shop', defaultBranch: 'main', private: true },
            { fullName: 'acme/docs', defaultBranch: 'trunk', private: false },
          ]
        : [],
      repository: this.repository,
      baseBranch: this.baseBranch,
      problem: null,
      agents: agentsOf(this.connected, this.repository),
    };
  },
};

export const githubHandlers = [
  http.get(url('/status'), () => {
    if (!mockBackend.signedIn) return unauthorized();
    githubBackend.calls.push('status');
    return HttpResponse.json(ok(githubBackend.status()));
  }),
  http.post(url('/app/install'), () => {
    if (!mockBackend.signedIn) return unauthorized();
    githubBackend.calls.push('start');
    return HttpResponse.json(
      ok({ installUrl: `https://github.example/apps/baton-test/installations/new?state=${githubBackend.state}` }),
    );
  }),
  http.put(url('/app/install'), async ({ request }) => {
    const body = (await request.json()) as { installationId: number; state: string; code: string };
    githubBackend.calls.push(`install ${body.installationId} ${body.state} ${body.code}`);
    if (body.state !== githubBackend.state) {
      return refused('This install link has expired or was started by someone else: connect GitHub again.');
    }
    githubBackend.connected = true;
    return HttpResponse.json(ok(githubBackend.status()));
  }),
  http.put(url('/repository'), async ({ request }) => {
    const body = (await request.json()) as { repository: string; baseBranch?: string };
    githubBackend.calls.push(`repository ${body.repository} ${body.baseBranch ?? ''}`.trim());
    const repository = githubBackend.status().repositories.find((r) => r.fullName === body.repository);
    if (!repository) return refused(`${body.repository} is not a repository the app can reach on acme.`);
    githubBackend.repository = repository.fullName;
    githubBackend.baseBranch = body.baseBranch ?? repository.defaultBranch;
    return HttpResponse.json(ok(githubBackend.status()));
  }),
];
