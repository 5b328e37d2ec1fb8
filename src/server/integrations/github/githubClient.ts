import type { GithubConfig } from '../../config/githubConfig';
import { ApiError } from '../../errors';

/**
 * Octokit is ESM-only and exports some of its helpers only to `import`; the server runs as CommonJS
 * (tsx), whose `require` cannot reach those, so the modules are loaded with a dynamic import, once.
 */
const octokitModules = () =>
  Promise.all([
    import('@octokit/app'),
    import('@octokit/core'),
    import('@octokit/request'),
    import('@octokit/oauth-methods'),
  ]).then(([app, core, request, oauth]) => ({
    App: app.App,
    Octokit: core.Octokit,
    request: request.request,
    exchangeWebFlowCode: oauth.exchangeWebFlowCode,
    refreshToken: oauth.refreshToken,
  }));

/** Octokit's RequestError, recognised by shape (the class lives in the lazily loaded modules). */
interface HttpError {
  name: 'HttpError';
  status: number;
  message: string;
  response?: {
    status: number;
    headers?: Record<string, string | number | undefined>;
    data?: unknown;
  };
}
const isHttpError = (error: unknown): error is HttpError => (error as HttpError | null)?.name === 'HttpError';

export interface GithubInstallation {
  id: number;
  accountLogin: string;
  accountType: string;
  /** What the installation was granted, e.g. `{ issues: 'write', contents: 'read' }`. */
  permissions: Record<string, string>;
}

export interface GithubRepository {
  /** owner/name */
  fullName: string;
  defaultBranch: string;
  private: boolean;
}

/** A user's authorization of the app (a user-to-server token); the expiry fields are null when tokens do not expire. */
export interface GithubUserToken {
  token: string;
  expiresAt: Date | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
}

export interface GithubUser {
  id: number;
  login: string;
}

/** Who is assigned to an issue and how Copilot is asked to work on it (agents.md §3). */
export interface AgentAssignment {
  assignees: string[];
  agentAssignment?: { target_repo: string; base_branch: string; custom_instructions: string };
}

/** GitHub no longer accepts the user's authorization (revoked, or the app was uninstalled for them). */
export class GithubAuthorizationRevoked extends ApiError {
  constructor() {
    super(
      'InvalidRequest',
      'GitHub no longer accepts your authorization of Baton: connect your GitHub account again (Settings → GitHub).',
    );
  }
}

/** What Baton asks of GitHub, as its GitHub App and as a user who authorized it (agents.md §3). */
export interface GithubClient {
  /**
   * The page where a user installs the app; GitHub sends them back with `installation_id` and this state.
   * github.com's is `/apps/<slug>/installations/new`, GitHub Enterprise Server's `/github-apps/<slug>/…`.
   */
  installUrl(state: string): string;
  /** Whether the repository has the branch, asked as the installation. */
  branchExists(installationId: number, repository: string, branch: string): Promise<boolean>;
  /** The app's installation, asked with the app's JWT; null when GitHub has no such installation of this app. */
  getInstallation(installationId: number): Promise<GithubInstallation | null>;
  /** The repositories the installation may reach (first 300), asked with an installation token. */
  listRepositories(installationId: number): Promise<GithubRepository[]>;
  /**
   * Whether the user who came back from installing may reach the installation: their OAuth code
   * (GitHub sends one when the app requests user authorization during installation) is exchanged
   * for a user token, which lists the installations that user can access.
   */
  userReachesInstallation(token: string, installationId: number): Promise<boolean>;
  /** GitHub's page where a user authorizes the app; GitHub sends them to `redirectUrl` with a code and this state. */
  authorizeUrl(state: string, redirectUrl: string): string;
  /** Exchanges the OAuth code of a redirect for the user's token; null when GitHub refuses the code. */
  exchangeCode(code: string): Promise<GithubUserToken | null>;
  /** A new token pair for an expiring one (both rotate); null when GitHub refuses the refresh token. */
  refreshUserToken(refreshToken: string): Promise<GithubUserToken | null>;
  /** The GitHub user a token belongs to. */
  getUser(token: string): Promise<GithubUser>;
  /** Opens an issue as the user, assigned as given; answers who GitHub actually assigned. */
  createIssueAsUser(
    token: string,
    issue: { repository: string; title: string; body: string } & AgentAssignment,
  ): Promise<{ number: number; url: string; assignees: string[] }>;
  /** Who is assigned to an issue now, read as the user. */
  issueAssigneesAsUser(token: string, issue: { repository: string; number: number }): Promise<string[]>;
  /** Whether GitHub offers Copilot's coding agent as an assignee in the repository, asked as the user. */
  copilotAssignable(token: string, repository: string): Promise<boolean>;
  /** Comments on an issue as the user. */
  commentAsUser(token: string, comment: { repository: string; number: number; body: string }): Promise<{ url: string }>;
  /** Opens an issue in one of the installation's repositories, as the app. */
  createIssue(
    installationId: number,
    issue: { repository: string; title: string; body: string; labels?: string[] },
  ): Promise<{ number: number; url: string }>;
  /**
   * The issue of a recent send whose answer was lost: the latest 50 issues of the repository are read
   * and the one whose body carries the marker is answered (null when none does).
   */
  findIssueByMarker(
    installationId: number,
    repository: string,
    marker: string,
  ): Promise<{
    number: number;
    url: string;
    assignees: string[];
    author: { login: string; type: string } | null;
  } | null>;
  /**
   * The repository's workflow files that name Claude Code's action (anthropics/claude-code-action), as
   * written (handoff/claudeWorkflow.ts reads them); null when the app may not read the repository's contents.
   */
  claudeWorkflows(installationId: number, repository: string): Promise<{ path: string; text: string }[] | null>;
  /**
   * The issues a pull request will close (GraphQL `closingIssuesReferences`), asked as the app: how a
   * Copilot pull request that does not say `Fixes #N` in its body is still linked to its issue.
   */
  closingIssueNumbers(installationId: number, pullRequest: { repository: string; number: number }): Promise<number[]>;
  /** Closes an issue as not planned: undoes a hand-off whose record could not be stored. */
  closeIssue(installationId: number, issue: { repository: string; number: number }): Promise<void>;
}

/** The REST API version Baton is written against, sent on every call (GitHub's `X-GitHub-Api-Version`). */
export const GITHUB_API_VERSION = '2022-11-28';

/** GitHub asks every caller to name itself in `User-Agent`; Octokit appends its own name after it. */
export const userAgentOf = (config: Pick<GithubConfig, 'slug'>) => `Baton (GitHub App ${config.slug})`;

/** GraphQL answers 200 with `errors[]` when it refuses (NOT_FOUND, FORBIDDEN …): those are failures too. */
function graphqlData<T>(answer: unknown): T {
  const { data, errors } = (answer ?? {}) as { data?: T | null; errors?: { type?: string; message?: string }[] };
  if (errors?.length) {
    const reasons = errors.map((error) => [error.type, error.message].filter(Boolean).join(': ')).join('; ');
    throw new GithubCallFailed(`GitHub refused the GraphQL query: ${reasons}`, false, 200);
  }
  return (data ?? {}) as T;
}

const MAX_REPOSITORY_PAGES = 3;
const MAX_INSTALLATION_PAGES = 5;
/** How GitHub's GraphQL names Copilot's coding agent among suggested actors; REST assigns `copilot-swe-agent[bot]`. */
export const COPILOT_LOGIN = 'copilot-swe-agent';

/** Workflow files read to find Claude's: a repository rarely has more. */
const MAX_WORKFLOWS = 30;

/**
 * A GitHub call that failed. `uncertain` when GitHub may have done it anyway (no answer in time, the
 * connection dropped, or a 5xx): a call that creates something must then look before trying again.
 */
export class GithubCallFailed extends ApiError {
  constructor(
    message: string,
    readonly uncertain: boolean,
    readonly status: number | null,
    /** When GitHub's rate limit lets Baton ask again (from `retry-after` or `x-ratelimit-reset`). */
    readonly retryAt: Date | null = null,
  ) {
    super('Failed', message, 502);
  }
}

/** When a rate-limited call may be made again: `retry-after` (seconds), else `x-ratelimit-reset` (epoch seconds). */
function rateLimitedUntil(error: HttpError, now: number): Date | null {
  const headers = error.response?.headers ?? {};
  const limited =
    error.status === 429 ||
    (error.status === 403 &&
      (String(headers['x-ratelimit-remaining']) === '0' || headers['retry-after'] !== undefined));
  if (!limited) return null;
  const retryAfter = Number(headers['retry-after']);
  if (retryAfter > 0) return new Date(now + retryAfter * 1000);
  const reset = Number(headers['x-ratelimit-reset']);
  // Without either, GitHub's advice for secondary limits: wait at least a minute.
  return reset > 0 ? new Date(reset * 1000) : new Date(now + 60_000);
}

/** GitHub's own words for a refusal: its message and, for 422, what each field was refused for. */
function refusalDetail(error: HttpError): string {
  const data = error.response?.data as
    { message?: string; errors?: ({ message?: string; field?: string; code?: string } | string)[] } | undefined;
  const message = data?.message ?? error.message;
  const details = (data?.errors ?? [])
    .map((detail) =>
      typeof detail === 'string' ? detail : (detail.message ?? [detail.field, detail.code].filter(Boolean).join(' ')),
    )
    .filter(Boolean);
  return details.length > 0 ? `${message}: ${details.join('; ')}` : message;
}

const clock = (at: Date) => `${at.toISOString().slice(11, 16)} UTC`;

/** What a failed call means for the user: a read changed nothing; a write GitHub did not confirm may have happened. */
function githubFailed(error: unknown, kind: 'read' | 'write' = 'read'): GithubCallFailed {
  // Already told plainly (GraphQL's errors[] in a 200).
  if (error instanceof GithubCallFailed) return error;
  // GitHub answered: Octokit's RequestError carries the response. Otherwise the request never got one.
  if (isHttpError(error) && error.response) {
    const { status } = error;
    const retryAt = rateLimitedUntil(error, Date.now());
    if (retryAt) {
      return new GithubCallFailed(
        `GitHub's rate limit for Baton's app is used up until ${clock(retryAt)} (HTTP ${status}): nothing was done; try again then.`,
        false,
        status,
        retryAt,
      );
    }
    const uncertain = kind === 'write' && status >= 500;
    const what =
      status === 404
        ? 'GitHub cannot find it (HTTP 404) — the repository may be gone, or the app may not reach it'
        : status === 410
          ? 'GitHub says it is gone (HTTP 410)'
          : status === 422
            ? 'GitHub refused the request as invalid (HTTP 422)'
            : status === 403
              ? 'GitHub refused the request (HTTP 403) — the app or your account may lack a permission'
              : `GitHub refused the request (HTTP ${status})`;
    return new GithubCallFailed(`${what}: ${refusalDetail(error)}`, uncertain, status);
  }
  const cause = (error as { cause?: { name?: string } } | null)?.cause ?? error;
  const name = (cause as { name?: string } | null)?.name;
  const reason = name === 'TimeoutError' || name === 'AbortError' ? 'did not answer in time' : 'could not be reached';
  // fetch's own cause: a refused or unresolved connection never reached GitHub, so nothing happened.
  const code = (cause as { cause?: { code?: string } } | null)?.cause?.code;
  if (kind === 'write' && !['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code ?? '')) {
    return new GithubCallFailed(`GitHub ${reason}; it may have done what was asked.`, true, null);
  }
  return new GithubCallFailed(`GitHub ${reason}. Nothing was changed; try again.`, false, null);
}

/**
 * The GitHub App through Octokit, every call to `config.apiUrl` (GitHub, GitHub Enterprise Server, or a
 * fake in tests) with a time limit per request.
 */
export function createGithubClient(config: GithubConfig): GithubClient {
  const { timeoutMs } = config;
  const timedFetch: typeof fetch = (input, init) =>
    fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
  let loaded: ReturnType<typeof connect> | undefined;
  const connect = async () => {
    const { App, Octokit, request, exchangeWebFlowCode, refreshToken } = await octokitModules();
    // Octokit takes no default headers: a hook adds the version to every request, the app's own included.
    const ApiOctokit = Octokit.plugin((octokit) => {
      octokit.hook.before('request', (options) => {
        options.headers['x-github-api-version'] = GITHUB_API_VERSION;
      });
      return {};
    }).defaults({ baseUrl: config.apiUrl, userAgent: userAgentOf(config), request: { fetch: timedFetch } });
    return {
      ApiOctokit,
      exchangeWebFlowCode,
      refreshToken,
      app: new App({ appId: config.appId, privateKey: config.privateKey, Octokit: ApiOctokit }),
      // OAuth's endpoints live on the web host (github.com, or the Enterprise Server's own host).
      webRequest: request.defaults({
        baseUrl: config.webUrl,
        headers: { 'user-agent': userAgentOf(config) },
        request: { fetch: timedFetch },
      }),
    };
  };
  const octokit = () => (loaded ??= connect());
  /** The installation's Octokit and a repository's owner and name, for calls on one repository. */
  const inRepository = async (installationId: number, repository: string) => {
    const { app } = await octokit();
    const [owner, repo] = repository.split('/') as [string, string];
    return { installation: await app.getInstallationOctokit(installationId), owner, repo };
  };

  const call = async <T>(run: () => Promise<T>, kind: 'read' | 'write' = 'read'): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw githubFailed(error, kind);
    }
  };
  /** A call made with a user's token: a 401 means the user's authorization is gone. */
  const asUser = async <T>(
    token: string,
    run: (user: import('@octokit/core').Octokit) => Promise<T>,
    kind: 'read' | 'write' = 'read',
  ) => {
    const { ApiOctokit } = await octokit();
    try {
      return await run(new ApiOctokit({ auth: token }));
    } catch (error) {
      if (isHttpError(error) && error.status === 401) throw new GithubAuthorizationRevoked();
      throw githubFailed(error, kind);
    }
  };
  const oauthClient = { clientType: 'github-app' as const, ...config.oauth };
  /** GitHub answers a spent, forged or expired code or refresh token with an OAuth error (HTTP 400 from Octokit). */
  const tokenGrant = async (grant: () => Promise<{ authentication: object }>): Promise<GithubUserToken | null> => {
    try {
      const { authentication } = await grant();
      const given = authentication as {
        token: string;
        expiresAt?: string;
        refreshToken?: string;
        refreshTokenExpiresAt?: string;
      };
      return {
        token: given.token,
        expiresAt: given.expiresAt ? new Date(given.expiresAt) : null,
        refreshToken: given.refreshToken ?? null,
        refreshTokenExpiresAt: given.refreshTokenExpiresAt ? new Date(given.refreshTokenExpiresAt) : null,
      };
    } catch (error) {
      if (isHttpError(error) && error.status === 400) return null;
      throw githubFailed(error);
    }
  };

  return {
    installUrl: (state) =>
      `${config.webUrl}/${config.enterpriseServer ? 'github-apps' : 'apps'}/${config.slug}/installations/new?state=${encodeURIComponent(state)}`,

    branchExists: (installationId, repository, branch) =>
      call(async () => {
        const { installation, owner, repo } = await inRepository(installationId, repository);
        try {
          await installation.request('GET /repos/{owner}/{repo}/branches/{branch}', { owner, repo, branch });
          return true;
        } catch (error) {
          if (isHttpError(error) && error.status === 404) return false;
          throw error;
        }
      }),

    async getInstallation(installationId) {
      const { app } = await octokit();
      try {
        const { data } = await app.octokit.request('GET /app/installations/{installation_id}', {
          installation_id: installationId,
        });
        const account = data.account as { login?: string; slug?: string; type?: string } | null;
        return {
          id: data.id,
          accountLogin: account?.login ?? account?.slug ?? '',
          accountType: account?.type ?? (data.target_type as string),
          permissions: Object.fromEntries(
            Object.entries(data.permissions ?? {}).filter(([, level]) => typeof level === 'string'),
          ) as Record<string, string>,
        };
      } catch (error) {
        if (isHttpError(error) && error.response?.status === 404) return null;
        throw githubFailed(error);
      }
    },

    listRepositories: (installationId) =>
      call(async () => {
        const { app } = await octokit();
        const installation = await app.getInstallationOctokit(installationId);
        const repositories: GithubRepository[] = [];
        for (let page = 1; page <= MAX_REPOSITORY_PAGES; page++) {
          const { data } = await installation.request('GET /installation/repositories', { per_page: 100, page });
          for (const repository of data.repositories) {
            repositories.push({
              fullName: repository.full_name,
              defaultBranch: repository.default_branch ?? 'main',
              private: repository.private,
            });
          }
          if (repositories.length >= data.total_count || data.repositories.length < 100) break;
        }
        return repositories;
      }),

    createIssue: (installationId, issue) =>
      call(async () => {
        const { installation, owner, repo } = await inRepository(installationId, issue.repository);
        const { data } = await installation.request('POST /repos/{owner}/{repo}/issues', {
          owner,
          repo,
          title: issue.title,
          body: issue.body,
          ...(issue.labels?.length ? { labels: issue.labels } : {}),
        });
        return { number: data.number, url: data.html_url };
      }, 'write'),

    findIssueByMarker: (installationId, repository, marker) =>
      call(async () => {
        const { installation, owner, repo } = await inRepository(installationId, repository);
        const { data } = await installation.request('GET /repos/{owner}/{repo}/issues', {
          owner,
          repo,
          state: 'all',
          sort: 'created',
          direction: 'desc',
          per_page: 50,
        });
        // Oldest first among matches: a copy someone made of the marker later never wins.
        const found = data.filter((issue) => !issue.pull_request && issue.body?.includes(marker)).at(-1);
        if (!found) return null;
        return {
          number: found.number,
          url: found.html_url,
          assignees: (found.assignees ?? []).map((assignee) => assignee.login),
          author: found.user ? { login: found.user.login, type: found.user.type } : null,
        };
      }),

    claudeWorkflows: (installationId, repository) =>
      call(async () => {
        const { installation, owner, repo } = await inRepository(installationId, repository);
        const read = async (path: string) => {
          try {
            return (await installation.request('GET /repos/{owner}/{repo}/contents/{path}', { owner, repo, path }))
              .data;
          } catch (error) {
            if (isHttpError(error) && (error.status === 404 || error.status === 403)) return error.status;
            throw error;
          }
        };
        const listing = await read('.github/workflows');
        if (listing === 403) return null;
        if (listing === 404 || !Array.isArray(listing)) return [];
        const files = listing
          .filter((entry) => entry.type === 'file' && /\.ya?ml$/.test(entry.name))
          .slice(0, MAX_WORKFLOWS);
        const workflows: { path: string; text: string }[] = [];
        for (const file of files) {
          const content = await read(file.path);
          if (typeof content === 'number' || Array.isArray(content) || !('content' in content)) continue;
          const text = Buffer.from(content.content, 'base64').toString('utf8');
          if (/anthropics\/claude-code-action/i.test(text)) workflows.push({ path: file.path, text });
        }
        return workflows;
      }),

    closingIssueNumbers: (installationId, pullRequest) =>
      call(async () => {
        const { installation, owner, repo } = await inRepository(installationId, pullRequest.repository);
        const { data } = await installation.request('POST /graphql', {
          query: `query($owner: String!, $name: String!, $number: Int!) {
            repository(owner: $owner, name: $name) {
              pullRequest(number: $number) { closingIssuesReferences(first: 10) { nodes { number } } }
            }
          }`,
          variables: { owner, name: repo, number: pullRequest.number },
        });
        const nodes = graphqlData<{
          repository?: { pullRequest?: { closingIssuesReferences?: { nodes?: { number: number }[] } } };
        }>(data).repository?.pullRequest?.closingIssuesReferences?.nodes;
        return (nodes ?? []).map((node) => node.number);
      }),

    closeIssue: (installationId, issue) =>
      call(async () => {
        const { installation, owner, repo } = await inRepository(installationId, issue.repository);
        await installation.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', {
          owner,
          repo,
          issue_number: issue.number,
          state: 'closed',
          state_reason: 'not_planned',
        });
      }, 'write'),

    userReachesInstallation: (token, installationId) =>
      asUser(token, async (user) => {
        for (let page = 1; page <= MAX_INSTALLATION_PAGES; page++) {
          const { data } = await user.request('GET /user/installations', { per_page: 100, page });
          if (data.installations.some((installation) => installation.id === installationId)) return true;
          if (data.installations.length < 100) break;
        }
        return false;
      }),

    authorizeUrl: (state, redirectUrl) => {
      const query = new URLSearchParams({ client_id: config.oauth.clientId, redirect_uri: redirectUrl, state });
      return `${config.webUrl}/login/oauth/authorize?${query}`;
    },

    exchangeCode: async (code) => {
      const { exchangeWebFlowCode, webRequest } = await octokit();
      return tokenGrant(() => exchangeWebFlowCode({ ...oauthClient, code, request: webRequest }));
    },

    refreshUserToken: async (refreshToken) => {
      const { refreshToken: refresh, webRequest } = await octokit();
      return tokenGrant(() => refresh({ ...oauthClient, refreshToken, request: webRequest }));
    },

    getUser: (token) =>
      asUser(token, async (user) => {
        const { data } = await user.request('GET /user');
        return { id: Number(data.id), login: data.login };
      }),

    createIssueAsUser: (token, issue) =>
      asUser(
        token,
        async (user) => {
          const [owner, repo] = issue.repository.split('/') as [string, string];
          const { data } = await user.request('POST /repos/{owner}/{repo}/issues', {
            owner,
            repo,
            title: issue.title,
            body: issue.body,
            assignees: issue.assignees,
            ...(issue.agentAssignment ? { agent_assignment: issue.agentAssignment } : {}),
          });
          return {
            number: data.number,
            url: data.html_url,
            assignees: (data.assignees ?? []).map((assignee) => assignee.login),
          };
        },
        'write',
      ),

    issueAssigneesAsUser: (token, issue) =>
      asUser(token, async (user) => {
        const [owner, repo] = issue.repository.split('/') as [string, string];
        const { data } = await user.request('GET /repos/{owner}/{repo}/issues/{issue_number}', {
          owner,
          repo,
          issue_number: issue.number,
        });
        return (data.assignees ?? []).map((assignee) => assignee.login);
      }),

    copilotAssignable: (token, repository) =>
      asUser(token, async (user) => {
        const [owner, name] = repository.split('/') as [string, string];
        const { data } = await user.request('POST /graphql', {
          query: `query($owner: String!, $name: String!) {
            repository(owner: $owner, name: $name) {
              suggestedActors(capabilities: [CAN_BE_ASSIGNED], first: 100) { nodes { login } }
            }
          }`,
          variables: { owner, name },
          headers: { 'GraphQL-Features': 'issues_copilot_assignment_api_support' },
        });
        const nodes = graphqlData<{ repository?: { suggestedActors?: { nodes?: { login: string }[] } } }>(data)
          .repository?.suggestedActors?.nodes;
        return (nodes ?? []).some((node) => node.login === COPILOT_LOGIN);
      }),

    commentAsUser: (token, comment) =>
      asUser(
        token,
        async (user) => {
          const [owner, repo] = comment.repository.split('/') as [string, string];
          const { data } = await user.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
            owner,
            repo,
            issue_number: comment.number,
            body: comment.body,
          });
          return { url: data.html_url };
        },
        'write',
      ),
  };
}
