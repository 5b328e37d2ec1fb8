import { http, HttpResponse } from 'msw';
import type { GithubStatus, GithubUserStatus } from '../../../../src/shared/contract/github';
import { mockBackend, ok, unauthorizedBody } from './mockBackend';

const url = (path: string) => `${location.origin}/v1/teams/active/github${path}`;
const unauthorized = () => HttpResponse.json(unauthorizedBody, { status: 401 });
const refused = (message: string) => HttpResponse.json({ result: 'InvalidRequest', message }, { status: 400 });

const agentsOf = (connected: boolean, repository: string | null, userLogin: string | null): GithubStatus['agents'] => {
  const installed = { check: 'GitHub app installed', ok: connected, fix: connected ? null : 'Connect GitHub.' };
  const chosen = {
    check: 'Repository chosen',
    ok: Boolean(repository),
    fix: repository ? null : 'Choose the repository.',
  };
  const user = {
    check: 'Your GitHub account connected',
    ok: Boolean(userLogin),
    fix: userLogin ? null : 'Connect your GitHub account (Settings → GitHub): this agent is started as you.',
  };
  const ready = connected && Boolean(repository);
  return [
    { agent: 'claude-code', ready, checks: [installed, chosen] },
    { agent: 'copilot', ready: ready && Boolean(userLogin), checks: [installed, chosen, user] },
    {
      agent: 'cursor',
      ready: ready && Boolean(userLogin),
      checks: [installed, chosen, user],
      unverified: "Baton cannot see Cursor's side: the repository needs Cursor's GitHub app.",
    },
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
  /** The signed-in member's GitHub login, once they authorized the app. */
  userLogin: null as string | null,
  state: 'signed-state',
  calls: [] as string[],
  reset() {
    Object.assign(this, {
      configured: true,
      connected: false,
      repository: null,
      baseBranch: null,
      userLogin: null,
      calls: [],
    });
  },
  userStatus(): GithubUserStatus {
    return {
      configured: this.configured,
      connected: this.connected,
      repository: this.repository,
      baseBranch: this.baseBranch,
      repositories: this.connected
        ? [
            { fullName: 'acme/shop', defaultBranch: 'main', private: true },
            { fullName: 'acme/docs', defaultBranch: 'trunk', private: false },
          ]
        : [],
      problem: null,
      user: this.userLogin ? { login: this.userLogin } : null,
      agents: this.configured ? agentsOf(this.connected, this.repository, this.userLogin) : [],
    };
  },
  status(): GithubStatus {
    return {
      ...this.userStatus(),
      appSlug: this.configured ? 'baton-test' : null,
      account: this.connected ? { login: 'acme', type: 'Organization', installationId: 777 } : null,
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
  http.get(url('/user-authorization'), () => {
    if (!mockBackend.signedIn) return unauthorized();
    githubBackend.calls.push('user status');
    return HttpResponse.json(ok(githubBackend.userStatus()));
  }),
  http.post(url('/user-authorization'), () => {
    githubBackend.calls.push('authorize');
    return HttpResponse.json(
      ok({ authorizeUrl: `https://github.example/login/oauth/authorize?state=${githubBackend.state}` }),
    );
  }),
  http.put(url('/user-authorization'), async ({ request }) => {
    const body = (await request.json()) as { state: string; code: string };
    githubBackend.calls.push(`authorized ${body.state} ${body.code}`);
    if (body.state !== githubBackend.state) {
      return refused('This authorization link has expired or was started by someone else: connect GitHub again.');
    }
    githubBackend.userLogin = 'octocat';
    return HttpResponse.json(ok(githubBackend.userStatus()));
  }),
  http.delete(url('/user-authorization'), () => {
    githubBackend.calls.push('forget');
    githubBackend.userLogin = null;
    return HttpResponse.json(ok(githubBackend.userStatus()));
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
