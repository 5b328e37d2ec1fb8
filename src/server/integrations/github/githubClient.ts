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
  }));

/** Octokit's RequestError, recognised by shape (the class lives in the lazily loaded modules). */
interface HttpError {
  name: 'HttpError';
  status: number;
  message: string;
  response?: { status: number };
}
const isHttpError = (error: unknown): error is HttpError => (error as HttpError | null)?.name === 'HttpError';

export interface GithubInstallation {
  id: number;
  accountLogin: string;
  accountType: string;
}

export interface GithubRepository {
  /** owner/name */
  fullName: string;
  defaultBranch: string;
  private: boolean;
}

/** What Baton asks of GitHub, as its GitHub App (agents.md §3). */
export interface GithubClient {
  /** The page where a user installs the app; GitHub sends them back with `installation_id` and this state. */
  installUrl(state: string): string;
  /** The app's installation, asked with the app's JWT; null when GitHub has no such installation of this app. */
  getInstallation(installationId: number): Promise<GithubInstallation | null>;
  /** The repositories the installation may reach (first 300), asked with an installation token. */
  listRepositories(installationId: number): Promise<GithubRepository[]>;
  /**
   * Whether the user who came back from installing may reach the installation: their OAuth code
   * (GitHub sends one when the app requests user authorization during installation) is exchanged
   * for a user token, which lists the installations that user can access.
   */
  userReachesInstallation(code: string, installationId: number): Promise<boolean>;
  /** Opens an issue in one of the installation's repositories, as the app. */
  createIssue(
    installationId: number,
    issue: { repository: string; title: string; body: string; labels?: string[] },
  ): Promise<{ number: number; url: string }>;
  /** Closes an issue as not planned: undoes a hand-off whose record could not be stored. */
  closeIssue(installationId: number, issue: { repository: string; number: number }): Promise<void>;
}

const MAX_REPOSITORY_PAGES = 3;
const MAX_INSTALLATION_PAGES = 5;

/** A GitHub failure, told plainly; nothing Baton stores depends on a call that failed. */
function githubFailed(error: unknown): ApiError {
  // GitHub answered: Octokit's RequestError carries the response. Otherwise the request never got one.
  if (isHttpError(error) && error.response) {
    return new ApiError('Failed', `GitHub refused the request (HTTP ${error.status}): ${error.message}`, 502);
  }
  const cause = (error as { cause?: { name?: string } } | null)?.cause ?? error;
  const name = (cause as { name?: string } | null)?.name;
  const reason = name === 'TimeoutError' || name === 'AbortError' ? 'did not answer in time' : 'could not be reached';
  return new ApiError('Failed', `GitHub ${reason}. Nothing was changed; try again.`, 502);
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
    const { App, Octokit, request, exchangeWebFlowCode } = await octokitModules();
    const ApiOctokit = Octokit.defaults({ baseUrl: config.apiUrl, request: { fetch: timedFetch } });
    return {
      ApiOctokit,
      exchangeWebFlowCode,
      app: new App({ appId: config.appId, privateKey: config.privateKey, Octokit: ApiOctokit }),
      // OAuth's endpoints live on the web host (github.com, or the Enterprise Server's own host).
      webRequest: request.defaults({ baseUrl: config.webUrl, request: { fetch: timedFetch } }),
    };
  };
  const octokit = () => (loaded ??= connect());
  /** The installation's Octokit and a repository's owner and name, for calls on one repository. */
  const inRepository = async (installationId: number, repository: string) => {
    const { app } = await octokit();
    const [owner, repo] = repository.split('/') as [string, string];
    return { installation: await app.getInstallationOctokit(installationId), owner, repo };
  };

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw githubFailed(error);
    }
  };

  return {
    installUrl: (state) => `${config.webUrl}/apps/${config.slug}/installations/new?state=${encodeURIComponent(state)}`,

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
      }),

    async userReachesInstallation(code, installationId) {
      const { ApiOctokit, exchangeWebFlowCode, webRequest } = await octokit();
      let token: string;
      try {
        const { authentication } = await exchangeWebFlowCode({
          clientType: 'github-app',
          clientId: config.oauth.clientId,
          clientSecret: config.oauth.clientSecret,
          code,
          request: webRequest,
        });
        token = authentication.token;
      } catch (error) {
        // GitHub answers a spent or forged code with an OAuth error: the user must install again.
        if (isHttpError(error) && error.status === 400) return false;
        throw githubFailed(error);
      }
      return call(async () => {
        const user = new ApiOctokit({ auth: token });
        for (let page = 1; page <= MAX_INSTALLATION_PAGES; page++) {
          const { data } = await user.request('GET /user/installations', { per_page: 100, page });
          if (data.installations.some((installation) => installation.id === installationId)) return true;
          if (data.installations.length < 100) break;
        }
        return false;
      });
    },
  };
}
