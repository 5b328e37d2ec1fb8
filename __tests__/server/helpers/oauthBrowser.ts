import { createServer } from 'node:net';
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/** A port nobody listens on now, so a test server's PUBLIC_URL can name the address it will have. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An MCP client's OAuth state in memory, as a CLI would keep it in its keychain. */
export class MemoryOAuthClient implements OAuthClientProvider {
  information: StoredOAuthClientInformation | undefined;
  stored: StoredOAuthTokens | undefined;
  authorizationUrl: URL | undefined;
  private verifier = '';
  // Kept with the verifier, so the callback leg checks the code comes from the server it was asked of.
  private discovery: OAuthDiscoveryState | undefined;

  constructor(
    private readonly metadata: Partial<OAuthClientMetadata> & { redirect_uris: string[] },
    readonly clientMetadataUrl?: string,
  ) {}

  get redirectUrl() {
    return this.metadata.redirect_uris[0];
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test agent',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...this.metadata,
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: StoredOAuthClientInformation) {
    this.information = information;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

/** The browser's cookies for the authorization server (its interaction and resume cookies). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(extra = '') {
    return [...[...this.cookies].map(([name, value]) => `${name}=${value}`), extra].filter(Boolean).join('; ');
  }
  store(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }
}

/** One browser: its own cookie jar, and a Baton session when a member is signed in to it. */
export class TestBrowser {
  private readonly jar = new CookieJar();
  constructor(
    private readonly base: string,
    private readonly sessionCookie = '',
  ) {}

  async send(url: URL | string, init: RequestInit = {}) {
    const response = await fetch(new URL(url, this.base), {
      redirect: 'manual',
      ...init,
      headers: { cookie: this.jar.header(this.sessionCookie), ...(init.headers as Record<string, string>) },
    });
    this.jar.store(response);
    return response;
  }

  /** Opens an authorization URL; answers the consent page it is sent to. */
  async authorize(authorizationUrl: URL) {
    const start = await this.send(authorizationUrl);
    const location = start.headers.get('location');
    if (!location) throw new Error(`authorize answered ${start.status}: ${await start.text()}`);
    const consentUrl = new URL(location, this.base);
    return {
      interactionId: consentUrl.pathname.split('/').pop()!,
      clientId: consentUrl.searchParams.get('client_id')!,
    };
  }

  /** What GET /v1/oauth2/clients/{id} answers the consent page. */
  clientInfo(clientId: string, interactionId: string) {
    return this.send(`/v1/oauth2/clients/${encodeURIComponent(clientId)}?interactionId=${interactionId}`);
  }

  postConsent(body: { interactionId: string; approve: boolean; scopes: string[] }) {
    return this.send('/v1/oauth2/consent', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.base },
      body: JSON.stringify(body),
    });
  }

  /** Follows the authorization server's redirects until they leave it (for the client) or stop. */
  async follow(url: URL | string) {
    let next = new URL(url, this.base);
    for (let hop = 0; hop < 5 && next.origin === new URL(this.base).origin; hop += 1) {
      const response = await this.send(next);
      const target = response.headers.get('location');
      if (!target) throw new Error(`resume answered ${response.status}: ${await response.text()}`);
      next = new URL(target, next);
      // The consent page is the app's, not the authorization server's: the flow stops there.
      if (next.pathname.startsWith('/oauth2/consent/')) break;
    }
    return next;
  }
}

export interface ConsentVisit {
  interactionId: string;
  clientId: string;
  /** What GET /v1/oauth2/clients/{id} answered the consent page. */
  info: Record<string, unknown>;
  /** Answers the consent screen as the member and follows the redirects back to the client. */
  answer(body: {
    approve: boolean;
    scopes: string[];
  }): Promise<{ status: number; redirect: URL | null; body: unknown }>;
}

/**
 * A browser signed in to Baton (its session cookie) that follows an authorization URL to the consent
 * page, reads what the page shows, and answers it through the API as the page does.
 */
export async function visitConsent(base: string, authorizationUrl: URL, sessionCookie: string): Promise<ConsentVisit> {
  const browser = new TestBrowser(base, sessionCookie);
  const { interactionId, clientId } = await browser.authorize(authorizationUrl);
  const info = ((await (await browser.clientInfo(clientId, interactionId)).json()) as { data: Record<string, unknown> })
    .data;
  return {
    interactionId,
    clientId,
    info,
    async answer(body) {
      const consent = await browser.postConsent({ interactionId, ...body });
      const answered = (await consent.json()) as { data?: { redirectTo: string } };
      if (!answered.data) return { status: consent.status, redirect: null, body: answered };
      return { status: consent.status, redirect: await browser.follow(answered.data.redirectTo), body: answered };
    },
  };
}
