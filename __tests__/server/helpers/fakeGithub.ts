import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import type { operations } from '@octokit/openapi-types';

type CreatedFromManifest = operations['apps/create-from-manifest']['responses']['201']['content']['application/json'];

export interface GithubRequest {
  method: string;
  path: string;
  /** `app` (the app's JWT), `installation` (an installation token), `user` (a user token) or `none`. */
  auth: 'app' | 'installation' | 'user' | 'none' | 'bad';
  body: unknown;
  /** The `X-GitHub-Api-Version` and `User-Agent` headers the caller sent. */
  apiVersion: string | undefined;
  userAgent: string | undefined;
}

interface FakeUser {
  id: number;
  login: string;
}

/** A user token GitHub issued: whose it is, which installations they reach, until when (ms since epoch). */
interface FakeUserToken {
  user: FakeUser;
  installationIds: number[];
  expiresAt: number;
}

interface FakeInstallation {
  id: number;
  account: { login: string; type: 'User' | 'Organization' };
  /** `branches`: the repository's branches besides its default one. */
  repositories: { full_name: string; default_branch: string; private: boolean; branches?: string[] }[];
  /** What the installation was granted; by default what docs/handoff.md asks for. */
  permissions?: Record<string, string>;
}

/** The permissions docs/handoff.md tells operators to give the app. */
export const DOCUMENTED_PERMISSIONS = {
  actions: 'write',
  contents: 'write',
  issues: 'write',
  pull_requests: 'write',
  metadata: 'read',
};

/** An RSA key pair for a test GitHub App, PKCS#1 as GitHub hands out its .pem files. */
let keyPair: { privateKeyPem: string; publicKeyPem: string } | undefined;
/** The GitHub App's key pair: one per test file, as making an RSA key takes a while. */
export function appKeyPair() {
  if (keyPair) return keyPair;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  keyPair = {
    privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  return keyPair;
}

/**
 * A small HTTP server answering the part of GitHub's REST API Baton's GitHub App uses, in GitHub's
 * shapes. It checks what GitHub checks: the app's JWT (RS256, issued by the app id, signed with the
 * app's key) on /app routes, and a token it issued on installation routes.
 */
export class FakeGithub {
  readonly requests: GithubRequest[] = [];
  readonly installations = new Map<number, FakeInstallation>();
  /** Issues opened through the API, per repository, as GitHub keeps them. */
  readonly issues: {
    repository: string;
    number: number;
    title: string;
    body: string;
    labels: string[];
    state: string;
    stateReason?: string;
    assignees: string[];
    agentAssignment?: unknown;
    /** `app`, or the login of the user who opened it. */
    openedBy: string;
  }[] = [];
  /** Comments posted on issues, with who posted them. */
  readonly comments: { repository: string; number: number; body: string; by: string }[] = [];
  /** Workflow files per repository (path → YAML), as the contents API serves them. */
  readonly workflows = new Map<string, Record<string, string>>();
  /** Repositories where the Copilot coding agent is enabled: it can be assigned there. */
  readonly copilotRepositories = new Set<string>();
  /** The issues each pull request will close, as GitHub links them (`owner/name#number` → issue numbers). */
  readonly closingIssues = new Map<string, number[]>();
  /** How long user tokens last, in seconds (GitHub: 8 hours). */
  userTokenSeconds = 28_800;
  /** Answers the next requests with this status (a GitHub outage), or hangs them when 'hang'. */
  failNext: {
    times: number;
    status: number | 'hang';
    path?: RegExp;
    method?: string;
    /** GitHub's error body and headers for this answer (default `{ message: 'Server Error' }`). */
    body?: unknown;
    headers?: Record<string, string>;
  } | null = null;
  /**
   * Does what the next matching requests ask, then answers only after `ms` (or never: 'hang') — GitHub
   * creating an issue but its answer arriving after the caller gave up.
   */
  lateNext: { times: number; ms: number | 'hang'; path?: RegExp; method?: string } | null = null;
  /** The app's slug: issues the app opens are authored by `<slug>[bot]`. */
  appSlug = 'baton-handoff';
  private readonly tokens = new Map<string, number>();
  /** OAuth codes GitHub would put in the install redirect: each once, for a user reaching these installations. */
  private readonly codes = new Map<string, { installationIds: number[]; user: FakeUser }>();
  private readonly userTokens = new Map<string, FakeUserToken>();
  /** Refresh tokens still good: each works once (GitHub rotates them). */
  private readonly refreshTokens = new Map<string, Omit<FakeUserToken, 'expiresAt'>>();
  /** Codes GitHub's "Create GitHub App" page would put in the manifest flow's redirect, with the manifest posted. */
  readonly manifestCodes = new Map<string, Record<string, unknown>>();
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();

  constructor(
    readonly appId: string,
    private readonly publicKeyPem: string,
    private readonly oauth: { clientId: string; clientSecret: string },
  ) {}

  addInstallation(installation: FakeInstallation) {
    this.installations.set(installation.id, installation);
  }

  /** The code of a user who may reach these installations, as GitHub adds it to the install or authorize redirect. */
  issueCode(installationIds: number[], user: FakeUser = { id: 583231, login: 'octocat' }): string {
    const code = `code${this.codes.size + 1}${Math.random().toString(36).slice(2, 8)}`;
    this.codes.set(code, { installationIds, user });
    return code;
  }

  /** GitHub revoking every token of a user (they removed the app's authorization). */
  revokeUser(userId: number) {
    for (const [token, held] of this.userTokens) if (held.user.id === userId) this.userTokens.delete(token);
    for (const [token, held] of this.refreshTokens) if (held.user.id === userId) this.refreshTokens.delete(token);
  }

  private grantUserToken(holder: Omit<FakeUserToken, 'expiresAt'>) {
    const serial = this.userTokens.size + this.refreshTokens.size + 1;
    const token = `ghu_fake${serial}${Math.random().toString(36).slice(2, 6)}`;
    const refreshToken = `ghr_fake${serial}${Math.random().toString(36).slice(2, 6)}`;
    this.userTokens.set(token, { ...holder, expiresAt: Date.now() + this.userTokenSeconds * 1000 });
    this.refreshTokens.set(refreshToken, holder);
    return {
      access_token: token,
      token_type: 'bearer',
      scope: '',
      expires_in: this.userTokenSeconds,
      refresh_token: refreshToken,
      refresh_token_expires_in: 15_811_200,
    };
  }

  /** Where it listens, once started. */
  url = '';
  /** Its web pages' origin as GitHub would give it (https, on the host Baton is configured for). */
  get web() {
    return this.url.replace(/^http:/, 'https:');
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) =>
      this.handle(request, response).catch((error: Error) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: `fake GitHub failed: ${error.message}` }));
      }),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop() {
    for (const response of this.hanging) response.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The app GitHub made from a manifest, in the shape of `apps/create-from-manifest` (@octokit/openapi-types). */
  private convertedApp(manifest: Record<string, unknown>) {
    const slug = String(manifest['name'])
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    const answer: CreatedFromManifest = {
      id: Number(this.appId),
      slug,
      node_id: 'A_kwDOBf4ke84AAQ',
      client_id: 'Iv23liManifest01',
      owner: { login: 'acme', id: 1, type: 'Organization' } as CreatedFromManifest['owner'],
      name: String(manifest['name']),
      description: (manifest['description'] as string | undefined) ?? null,
      external_url: String(manifest['url']),
      html_url: `https://github.com/apps/${slug}`,
      created_at: '2026-11-27T10:00:00Z',
      updated_at: '2026-11-27T10:00:00Z',
      permissions: manifest['default_permissions'] as CreatedFromManifest['permissions'],
      events: manifest['default_events'] as string[],
      installations_count: 0,
      client_secret: 'manifest-client-secret',
      webhook_secret: 'manifest-webhook-secret',
      pem: appKeyPair().privateKeyPem,
    };
    return answer;
  }

  private async authOf(header: string | undefined): Promise<GithubRequest['auth']> {
    if (!header) return 'none';
    const [scheme, credential] = header.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && credential) {
      try {
        const { payload } = await jwtVerify(credential, await importSPKI(this.publicKeyPem, 'RS256'));
        return String(payload.iss) === this.appId ? 'app' : 'bad';
      } catch {
        return 'bad';
      }
    }
    if (scheme?.toLowerCase() === 'token' && credential && this.tokens.has(credential)) return 'installation';
    const held = credential ? this.userTokens.get(credential) : undefined;
    if (scheme?.toLowerCase() === 'token' && held && held.expiresAt > Date.now()) return 'user';
    return 'bad';
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    const auth = await this.authOf(request.headers.authorization);
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      auth,
      body: text ? JSON.parse(text) : null,
      apiVersion: request.headers['x-github-api-version'] as string | undefined,
      userAgent: request.headers['user-agent'],
    });
    const matches = (rule: { path?: RegExp; method?: string }) =>
      (!rule.path || rule.path.test(url.pathname)) && (!rule.method || rule.method === request.method);
    const late = this.lateNext && this.lateNext.times > 0 && matches(this.lateNext) ? this.lateNext.ms : null;
    if (late !== null) this.lateNext!.times--;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const answer = () => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        response.end(JSON.stringify(body));
      };
      if (late === 'hang') return void this.hanging.add(response);
      if (late !== null) return void setTimeout(answer, late);
      answer();
    };
    if (this.failNext && this.failNext.times > 0 && matches(this.failNext)) {
      this.failNext.times--;
      if (this.failNext.status === 'hang') return void this.hanging.add(response);
      return send(this.failNext.status, this.failNext.body ?? { message: 'Server Error' }, this.failNext.headers);
    }
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      // GitHub answers OAuth errors with 200 and an error field; a code and a refresh token work once.
      const form = JSON.parse(text || '{}') as Record<string, string>;
      if (form.client_id !== this.oauth.clientId || form.client_secret !== this.oauth.clientSecret) {
        return send(200, {
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
        });
      }
      if (form.grant_type === 'refresh_token') {
        const holder = this.refreshTokens.get(form.refresh_token ?? '');
        if (!holder)
          return send(200, {
            error: 'bad_refresh_token',
            error_description: 'The refresh token passed is incorrect or expired.',
          });
        this.refreshTokens.delete(form.refresh_token!);
        return send(200, this.grantUserToken(holder));
      }
      const granted = form.code ? this.codes.get(form.code) : undefined;
      if (!granted) {
        return send(200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
          error_uri: 'https://docs.github.com/apps/troubleshooting',
        });
      }
      this.codes.delete(form.code!);
      return send(200, this.grantUserToken(granted));
    }
    // The manifest flow's conversion needs no authentication: the code is the credential, good once.
    const conversion = /^\/app-manifests\/([^/]+)\/conversions$/.exec(url.pathname);
    if (conversion && request.method === 'POST') {
      const manifest = this.manifestCodes.get(conversion[1]!);
      if (!manifest) return send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
      this.manifestCodes.delete(conversion[1]!);
      return send(201, this.convertedApp(manifest));
    }
    if (auth === 'bad' || auth === 'none') return send(401, { message: 'Bad credentials' });
    const userToken = auth === 'user' ? this.userTokens.get(request.headers.authorization!.split(' ')[1]!)! : undefined;
    if (url.pathname === '/user' && request.method === 'GET' && userToken) {
      return send(200, { id: userToken.user.id, login: userToken.user.login, type: 'User' });
    }
    if (url.pathname === '/graphql' && request.method === 'POST' && userToken) {
      const { variables } = JSON.parse(text) as { variables: { owner: string; name: string } };
      const repository = `${variables.owner}/${variables.name}`;
      const nodes = [{ login: userToken.user.login }];
      if (this.copilotRepositories.has(repository)) nodes.unshift({ login: 'copilot-swe-agent' });
      return send(200, { data: { repository: { suggestedActors: { nodes } } } });
    }
    if (url.pathname === '/graphql' && request.method === 'POST' && auth === 'installation') {
      const { variables } = JSON.parse(text) as { variables: { owner: string; name: string; number: number } };
      const numbers = this.closingIssues.get(`${variables.owner}/${variables.name}#${variables.number}`) ?? [];
      return send(200, {
        data: {
          repository: {
            pullRequest: { closingIssuesReferences: { nodes: numbers.map((number) => ({ number })) } },
          },
        },
      });
    }
    if (url.pathname === '/user/installations' && request.method === 'GET' && userToken) {
      const ids = userToken.installationIds;
      const installations = ids.filter((id) => this.installations.has(id)).map((id) => ({ id }));
      return send(200, { total_count: installations.length, installations });
    }

    let match = /^\/app\/installations\/(\d+)$/.exec(url.pathname);
    if (match && request.method === 'GET' && auth === 'app') {
      const installation = this.installations.get(Number(match[1]));
      if (!installation) return send(404, { message: 'Not Found' });
      return send(200, {
        id: installation.id,
        account: installation.account,
        target_type: installation.account.type,
        permissions: installation.permissions ?? DOCUMENTED_PERMISSIONS,
      });
    }
    match = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(url.pathname);
    if (match && request.method === 'POST' && auth === 'app') {
      const id = Number(match[1]);
      if (!this.installations.has(id)) return send(404, { message: 'Not Found' });
      const token = `ghs_fake${this.tokens.size + 1}`;
      this.tokens.set(token, id);
      return send(201, { token, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    }
    if (url.pathname === '/installation/repositories' && request.method === 'GET' && auth === 'installation') {
      const token = request.headers.authorization!.split(' ')[1]!;
      const repositories = this.installations.get(this.tokens.get(token)!)?.repositories ?? [];
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      return send(200, {
        total_count: repositories.length,
        repositories: repositories.slice((page - 1) * perPage, page * perPage),
      });
    }
    const branch = /^\/repos\/([^/]+)\/([^/]+)\/branches\/(.+)$/.exec(url.pathname);
    if (branch && request.method === 'GET' && auth === 'installation') {
      const token = request.headers.authorization!.split(' ')[1]!;
      const repository = this.installations
        .get(this.tokens.get(token)!)
        ?.repositories.find((r) => r.full_name === `${branch[1]}/${branch[2]}`);
      const name = decodeURIComponent(branch[3]!);
      if (!repository || (name !== repository.default_branch && !repository.branches?.includes(name))) {
        return send(404, { message: 'Branch not found' });
      }
      return send(200, { name, protected: false });
    }
    const contents = /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/.exec(url.pathname);
    if (contents && request.method === 'GET' && auth === 'installation') {
      const files = this.workflows.get(`${contents[1]}/${contents[2]}`) ?? {};
      const path = decodeURIComponent(contents[3]!);
      if (path === '.github/workflows') {
        const listing = Object.keys(files).map((file) => ({ name: file.split('/').at(-1), path: file, type: 'file' }));
        return listing.length ? send(200, listing) : send(404, { message: 'Not Found' });
      }
      const file = files[path];
      if (file === undefined) return send(404, { message: 'Not Found' });
      return send(200, { type: 'file', path, encoding: 'base64', content: Buffer.from(file).toString('base64') });
    }
    const comment = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname);
    if (comment && request.method === 'POST' && userToken) {
      const repository = `${comment[1]}/${comment[2]}`;
      const number = Number(comment[3]);
      if (!this.issues.some((i) => i.repository === repository && i.number === number)) {
        return send(404, { message: 'Not Found' });
      }
      const { body } = JSON.parse(text) as { body: string };
      this.comments.push({ repository, number, body, by: userToken.user.login });
      return send(201, {
        html_url: `${this.web}/${repository}/issues/${number}#issuecomment-${this.comments.length}`,
      });
    }
    const issue = /^\/repos\/([^/]+)\/([^/]+)\/issues(?:\/(\d+))?$/.exec(url.pathname);
    if (issue && (auth === 'installation' || userToken)) {
      const repository = `${issue[1]}/${issue[2]}`;
      const token = request.headers.authorization!.split(' ')[1]!;
      // A user reaches the repositories of the installations they can access (enough for these tests).
      const installationIds = userToken ? userToken.installationIds : [this.tokens.get(token)!];
      const reachable = installationIds.flatMap((id) => this.installations.get(id)?.repositories ?? []);
      if (!reachable.some((r) => r.full_name === repository)) return send(404, { message: 'Not Found' });
      const body = JSON.parse(text || '{}') as {
        title?: string;
        body?: string;
        labels?: string[];
        state?: string;
        state_reason?: string;
        assignees?: string[];
        agent_assignment?: unknown;
      };
      if (request.method === 'POST' && !issue[3]) {
        if (!body.title) return send(422, { message: 'Validation Failed' });
        const number = this.issues.filter((i) => i.repository === repository).length + 1;
        // GitHub drops assignees it cannot assign, silently: Copilot only where its coding agent is enabled.
        const assignees = (body.assignees ?? []).filter(
          (login) => login !== 'copilot-swe-agent[bot]' || (userToken && this.copilotRepositories.has(repository)),
        );
        this.issues.push({
          repository,
          number,
          title: body.title,
          body: body.body ?? '',
          labels: body.labels ?? [],
          state: 'open',
          assignees,
          agentAssignment: body.agent_assignment,
          openedBy: userToken ? userToken.user.login : 'app',
        });
        return send(201, {
          number,
          html_url: `${this.web}/${repository}/issues/${number}`,
          state: 'open',
          assignees: assignees.map((login) => ({ login: login === 'copilot-swe-agent[bot]' ? 'Copilot' : login })),
        });
      }
      if (request.method === 'GET' && !issue[3]) {
        // Newest first, as `sort=created&direction=desc` asks; authors as GitHub shows them.
        const listed = this.issues
          .filter((i) => i.repository === repository)
          .reverse()
          .slice(0, Number(url.searchParams.get('per_page') ?? 30));
        return send(
          200,
          listed.map((i) => ({
            number: i.number,
            html_url: `${this.web}/${repository}/issues/${i.number}`,
            body: i.body,
            state: i.state,
            assignees: i.assignees.map((login) => ({ login: login === 'copilot-swe-agent[bot]' ? 'Copilot' : login })),
            user:
              i.openedBy === 'app'
                ? { login: `${this.appSlug}[bot]`, type: 'Bot' }
                : { login: i.openedBy, type: 'User' },
          })),
        );
      }
      if (request.method === 'GET' && issue[3]) {
        const stored = this.issues.find((i) => i.repository === repository && i.number === Number(issue[3]));
        if (!stored) return send(404, { message: 'Not Found' });
        return send(200, {
          number: stored.number,
          state: stored.state,
          assignees: stored.assignees.map((login) => ({
            login: login === 'copilot-swe-agent[bot]' ? 'Copilot' : login,
          })),
        });
      }
      if (request.method === 'PATCH' && issue[3]) {
        const stored = this.issues.find((i) => i.repository === repository && i.number === Number(issue[3]));
        if (!stored) return send(404, { message: 'Not Found' });
        Object.assign(stored, { state: body.state ?? stored.state, stateReason: body.state_reason });
        return send(200, { number: stored.number, state: stored.state });
      }
    }
    send(404, { message: 'Not Found' });
  }
}
