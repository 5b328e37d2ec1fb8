import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import type { Configuration, JWK } from 'oidc-provider';
import { calculatePKCECodeChallenge, randomPKCECodeVerifier, type CustomFetch } from 'openid-client';
import { nonceForCodeVerifier } from '../../../src/shared/oidcNonce';
import { OidcExchangeError } from '../../../src/server/integrations/oidc';

/**
 * Real OpenID providers (oidc-provider) on 127.0.0.1, several issuers behind one port, plus a
 * scripted "browser" that completes an authorization-code flow by plain HTTP requests.
 */

export interface TestAccount {
  sub: string;
  [claim: string]: unknown;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface IssuerSetup {
  /** Where the provider is served on the test server, e.g. /google. */
  mountPath: string;
  /** Its issuer identifier; defaults to the test server's URL plus mountPath. */
  issuer?: string;
  clients: TestClient[];
  accounts: TestAccount[];
  signingKey?: JsonWebKey;
}

export interface AuthorizeRequest {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  nonce: string;
  codeChallenge: string;
  /** The account (sub) that signs in at the provider. */
  account: string;
}

export interface FakeIdentityProviders {
  baseUrl: string;
  /** Starts a provider and returns its issuer identifier. */
  addIssuer(setup: IssuerSetup): Promise<string>;
  /** Serves a JSON document (e.g. an altered discovery document) at a path. */
  serveJson(path: string, body: () => Promise<unknown>): void;
  /** Drives a login and consent and returns the authorization code. */
  authorize(request: AuthorizeRequest): Promise<string>;
  /** Moves the providers' clock while their token endpoints run (0 = real time). */
  setTokenClockOffset(seconds: number): void;
  close(): Promise<void>;
}

export function rsaSigningKey(): JsonWebKey {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
}

/** oidc-provider prints warnings (Node 20 runtime, in-memory adapter, default policies) that are noise here. */
function silenceOidcProviderNotices(): () => void {
  const { warn, info } = console;
  const quiet =
    (log: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return;
      log(...args);
    };
  console.warn = quiet(warn);
  console.info = quiet(info);
  return () => {
    console.warn = warn;
    console.info = info;
  };
}

function providerConfiguration(setup: IssuerSetup, signingKey: JsonWebKey): Configuration {
  const accounts = new Map(setup.accounts.map((account) => [account.sub, account]));
  return {
    clients: setup.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [signingKey as JWK] },
    cookies: { keys: ['fake-identity-provider-cookie-key'] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub', 'tid'], email: ['email', 'email_verified', 'xms_edov'], profile: ['preferred_username'] },
    // Like Google, Microsoft and Apple, put the e-mail claims in the ID token of a code flow.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx, interaction) => `${setup.mountPath}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: () => ({ ...account }) };
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  };
}

/** Completes the provider's interaction at once: the account named in the query logs in and consents. */
async function finishInteraction(provider: Provider, request: IncomingMessage, response: ServerResponse, url: URL) {
  const accountId = url.searchParams.get('account') ?? '';
  const details = await provider.interactionDetails(request, response);
  const grant = new provider.Grant({ accountId, clientId: String(details.params['client_id']) });
  grant.addOIDCScope(String(details.params['scope']));
  const grantId = await grant.save();
  await provider.interactionFinished(request, response, { login: { accountId }, consent: { grantId } });
}

class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value && !/expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
}

function redirectTarget(response: Response, from: URL): URL {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status > 399 || !location) {
    throw new Error(`expected a redirect from ${from.href}, got ${response.status}`);
  }
  return new URL(location, from);
}

export async function startFakeIdentityProviders(): Promise<FakeIdentityProviders> {
  const restoreConsole = silenceOidcProviderNotices();
  const { default: ProviderClass } = await import('oidc-provider');
  const issuers: Array<{ mountPath: string; provider: Provider; handle: ReturnType<Provider['callback']> }> = [];
  const jsonRoutes = new Map<string, () => Promise<unknown>>();
  let tokenClockOffsetMs = 0;

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', baseUrl);
    const json = jsonRoutes.get(url.pathname);
    if (json) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(await json()));
      return;
    }
    const entry = issuers.find(
      ({ mountPath }) => url.pathname === mountPath || url.pathname.startsWith(`${mountPath}/`),
    );
    if (!entry) {
      response.statusCode = 404;
      response.end();
      return;
    }
    const innerPath = url.pathname.slice(entry.mountPath.length);
    if (/^\/interaction\/[^/]+$/.test(innerPath)) return finishInteraction(entry.provider, request, response, url);

    // Mounted the way Express does it: oidc-provider derives its mount path from originalUrl minus url.
    const requestUrl = request.url ?? '/';
    Object.assign(request, { originalUrl: requestUrl, url: requestUrl.slice(entry.mountPath.length) || '/' });
    const realNow = Date.now;
    if (tokenClockOffsetMs !== 0 && innerPath === '/token') Date.now = () => realNow() + tokenClockOffsetMs;
    try {
      await entry.handle(request, response);
    } finally {
      Date.now = realNow;
    }
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function send(url: URL, jar: CookieJar): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    return response;
  }

  return {
    baseUrl,
    async addIssuer(setup) {
      const issuer = setup.issuer ?? `${baseUrl}${setup.mountPath}`;
      const provider = new ProviderClass(issuer, providerConfiguration(setup, setup.signingKey ?? rsaSigningKey()));
      issuers.push({ mountPath: setup.mountPath, provider, handle: provider.callback() });
      return issuer;
    },
    serveJson(path, body) {
      jsonRoutes.set(path, body);
    },
    async authorize(request) {
      const jar = new CookieJar();
      const start = new URL(request.authorizationEndpoint);
      for (const [name, value] of Object.entries({
        response_type: 'code',
        client_id: request.clientId,
        redirect_uri: request.redirectUri,
        scope: request.scope,
        nonce: request.nonce,
        state: 'fake-state',
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      })) {
        start.searchParams.set(name, value);
      }
      const interaction = redirectTarget(await send(start, jar), start);
      interaction.searchParams.set('account', request.account);
      const resume = redirectTarget(await send(interaction, jar), interaction);
      const callback = redirectTarget(await send(resume, jar), resume);
      const code = callback.searchParams.get('code');
      if (!code) throw new Error(`the provider answered ${callback.search}`);
      return code;
    },
    setTokenClockOffset(seconds) {
      tokenClockOffsetMs = seconds * 1000;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      restoreConsole();
    },
  };
}

/** Fetches a provider's discovery document and lets a test alter it. */
export async function discoveryDocument(issuer: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  return (await response.json()) as Record<string, unknown>;
}

// openid-client's fetch options are what fetch takes; its FetchBody type is merely wider than BodyInit.
export const plainFetch: CustomFetch = (url, options) => fetch(url, options as RequestInit);

/** A fetch for openid-client that rewrites one origin to another (a "DNS" for the tests). */
export function fetchRouting(fromOrigin: string, toOrigin: string): CustomFetch {
  return (url, options) =>
    plainFetch(url.startsWith(fromOrigin) ? toOrigin + url.slice(fromOrigin.length) : url, options);
}

/** Wraps a fetch so a test can alter the body of token requests before they are sent. */
export function alteringTokenRequests(
  rewrite: (body: URLSearchParams) => Promise<void> | void,
  inner: CustomFetch = plainFetch,
): CustomFetch {
  return async (url, options) => {
    if (options.method !== 'POST' || !url.endsWith('/token')) return inner(url, options);
    const body = new URLSearchParams(String(options.body));
    await rewrite(body);
    return inner(url, { ...options, body });
  };
}

/** A fresh PKCE verifier with its S256 challenge and the nonce Baton's browser code derives from it. */
export async function pkceAndNonce(): Promise<{ codeVerifier: string; codeChallenge: string; nonce: string }> {
  const codeVerifier = randomPKCECodeVerifier();
  return {
    codeVerifier,
    codeChallenge: await calculatePKCECodeChallenge(codeVerifier),
    nonce: await nonceForCodeVerifier(codeVerifier),
  };
}

/** Awaits a promise that must fail with an OidcExchangeError; returns the error for further checks. */
export async function exchangeFailure(promise: Promise<unknown>): Promise<Error & { cause?: unknown }> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof OidcExchangeError)) throw new Error(`expected an OidcExchangeError, got ${String(outcome)}`);
  return outcome;
}

/** The message of an error's cause, for asserting which check rejected a sign-in. */
export function causeText(error: { cause?: unknown }): string {
  const cause = error.cause;
  if (!(cause instanceof Error)) return String(cause);
  // openid-client's ResponseBodyError carries the provider's OAuth error code as `error`.
  const oauthError = 'error' in cause && typeof cause.error === 'string' ? ` (${cause.error})` : '';
  const inner = cause.cause instanceof Error ? ` / ${cause.cause.message}` : '';
  return `${cause.message}${oauthError}${inner}`;
}
