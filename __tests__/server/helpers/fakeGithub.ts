import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';

export interface GithubRequest {
  method: string;
  path: string;
  /** `app` (the app's JWT), `installation` (an installation token), `user` (a user token) or `none`. */
  auth: 'app' | 'installation' | 'user' | 'none' | 'bad';
  body: unknown;
}

interface FakeInstallation {
  id: number;
  account: { login: string; type: 'User' | 'Organization' };
  repositories: { full_name: string; default_branch: string; private: boolean }[];
}

/** An RSA key pair for a test GitHub App, PKCS#1 as GitHub hands out its .pem files. */
export function appKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
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
  }[] = [];
  /** Answers the next requests with this status (a GitHub outage), or hangs them when 'hang'. */
  failNext: { times: number; status: number | 'hang' } | null = null;
  private readonly tokens = new Map<string, number>();
  /** OAuth codes GitHub would put in the install redirect: each once, for a user reaching these installations. */
  private readonly codes = new Map<string, number[]>();
  private readonly userTokens = new Map<string, number[]>();
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

  /** The code of a user who may reach these installations, as GitHub adds it to the install redirect. */
  issueCode(installationIds: number[]): string {
    const code = `code${this.codes.size + 1}${Math.random().toString(36).slice(2, 8)}`;
    this.codes.set(code, installationIds);
    return code;
  }

  /** Where it listens, once started. */
  url = '';

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
    if (scheme?.toLowerCase() === 'token' && credential && this.userTokens.has(credential)) return 'user';
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
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (this.failNext && this.failNext.times > 0) {
      this.failNext.times--;
      if (this.failNext.status === 'hang') return void this.hanging.add(response);
      return send(this.failNext.status, { message: 'Server Error' });
    }
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      // GitHub answers OAuth errors with 200 and an error field; a code works once.
      const {
        code,
        client_id: clientId,
        client_secret: clientSecret,
      } = JSON.parse(text || '{}') as Record<string, string>;
      const installationIds = code ? this.codes.get(code) : undefined;
      if (!installationIds || clientId !== this.oauth.clientId || clientSecret !== this.oauth.clientSecret) {
        return send(200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
          error_uri: 'https://docs.github.com/apps/troubleshooting',
        });
      }
      this.codes.delete(code!);
      const token = `ghu_fake${this.userTokens.size + 1}`;
      this.userTokens.set(token, installationIds);
      return send(200, { access_token: token, token_type: 'bearer', scope: '', expires_in: 28800 });
    }
    if (auth === 'bad' || auth === 'none') return send(401, { message: 'Bad credentials' });
    if (url.pathname === '/user/installations' && request.method === 'GET' && auth === 'user') {
      const ids = this.userTokens.get(request.headers.authorization!.split(' ')[1]!) ?? [];
      const installations = ids.filter((id) => this.installations.has(id)).map((id) => ({ id }));
      return send(200, { total_count: installations.length, installations });
    }

    let match = /^\/app\/installations\/(\d+)$/.exec(url.pathname);
    if (match && request.method === 'GET' && auth === 'app') {
      const installation = this.installations.get(Number(match[1]));
      if (!installation) return send(404, { message: 'Not Found' });
      return send(200, { id: installation.id, account: installation.account, target_type: installation.account.type });
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
    const issue = /^\/repos\/([^/]+)\/([^/]+)\/issues(?:\/(\d+))?$/.exec(url.pathname);
    if (issue && auth === 'installation') {
      const repository = `${issue[1]}/${issue[2]}`;
      const token = request.headers.authorization!.split(' ')[1]!;
      const reachable = this.installations.get(this.tokens.get(token)!)?.repositories ?? [];
      if (!reachable.some((r) => r.full_name === repository)) return send(404, { message: 'Not Found' });
      const body = JSON.parse(text || '{}') as {
        title?: string;
        body?: string;
        labels?: string[];
        state?: string;
        state_reason?: string;
      };
      if (request.method === 'POST' && !issue[3]) {
        if (!body.title) return send(422, { message: 'Validation Failed' });
        const number = this.issues.filter((i) => i.repository === repository).length + 1;
        this.issues.push({
          repository,
          number,
          title: body.title,
          body: body.body ?? '',
          labels: body.labels ?? [],
          state: 'open',
        });
        return send(201, { number, html_url: `https://github.example/${repository}/issues/${number}`, state: 'open' });
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
