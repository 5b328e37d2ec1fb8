import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/types';
import { findMembership } from '../repositories/teams';
import { McpScopes } from '../../shared/contract/mcp';
import { parseOAuthAccountId } from './accountId';
import { databaseAdapter } from './modelAdapter';
import { loadServerKeys } from './serverKeys';
import {
  clientMetadataDocumentFeature,
  providerFetch,
  type ClientMetadataDocumentOptions,
} from './clientMetadataDocuments';
import { redirectUriPolicy } from './redirectUris';
import { DPOP_ALGORITHMS } from './dpopProof';
import { INTERACTION_COOKIE_PATH } from './interactionCookie';

/** Where the provider's endpoints live; the consent screen is the app's page at CONSENT_PAGE_PATH. */
export const OAUTH_PATH_PREFIX = '/oauth';
export const CONSENT_PAGE_PATH = '/oauth2/consent';
/** The MCP path OAuth access tokens are for (their audience). */
export const MCP_OAUTH_PATH = '/mcp';

/** Lifetimes in seconds: access tokens are short, a connection lasts while its refresh token is used. */
export const OAUTH_TTL = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  Interaction: 15 * 60,
  Session: 15 * 60,
  RefreshToken: 30 * 86_400,
  Grant: 30 * 86_400,
  IdToken: 3600,
} as const;

export interface AuthorizationServerOptions {
  db: Db;
  publicUrl: string;
  /** Trust X-Forwarded-Proto from the proxies config.trustProxyHops names. */
  behindProxy: boolean;
  clientMetadataDocuments: ClientMetadataDocumentOptions;
}

export const mcpResourceUrl = (publicUrl: string) => `${publicUrl}${MCP_OAUTH_PATH}`;

/**
 * Baton's OAuth 2.1 authorization server for MCP clients (agents.md §4), built on oidc-provider:
 * PKCE S256 only, access tokens bound to the MCP URL (RFC 8707), rotating refresh tokens whose reuse
 * revokes the grant, revocation, dynamic client registration (RFC 7591) and, where the operator turns
 * them on, Client ID Metadata Documents (clientMetadataDocuments.ts). A client whose redirects are all
 * loopback is native: any port matches (RFC 8252). Every model is stored in the database.
 */
export async function createAuthorizationServer(options: AuthorizationServerOptions): Promise<Provider> {
  const { default: ProviderClass, errors } = await import('oidc-provider');
  const { db, publicUrl } = options;
  const resource = mcpResourceUrl(publicUrl);
  const keys = await loadServerKeys(db);

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    jwks: keys.jwks,
    cookies: {
      keys: keys.cookieKeys,
      // The interaction cookie goes to the consent API, which accepts an answer only from the browser holding it.
      short: { httpOnly: true, sameSite: 'lax', path: INTERACTION_COOKIE_PATH },
    },
    routes: {
      authorization: `${OAUTH_PATH_PREFIX}/authorize`,
      token: `${OAUTH_PATH_PREFIX}/token`,
      registration: `${OAUTH_PATH_PREFIX}/register`,
      revocation: `${OAUTH_PATH_PREFIX}/revoke`,
      jwks: `${OAUTH_PATH_PREFIX}/jwks`,
      userinfo: `${OAUTH_PATH_PREFIX}/userinfo`,
      end_session: `${OAUTH_PATH_PREFIX}/logout`,
      introspection: `${OAUTH_PATH_PREFIX}/introspect`,
      pushed_authorization_request: `${OAUTH_PATH_PREFIX}/par`,
      code_verification: `${OAUTH_PATH_PREFIX}/device`,
      device_authorization: `${OAUTH_PATH_PREFIX}/device/auth`,
      backchannel_authentication: `${OAUTH_PATH_PREFIX}/backchannel`,
      challenge: `${OAUTH_PATH_PREFIX}/challenge`,
    },
    // The MCP scopes are listed too so clients may register them; grants carry them for the resource and here.
    scopes: ['openid', 'offline_access', ...McpScopes],
    responseTypes: ['code'],
    // What /mcp checks DPoP proofs with (dpopProof.ts), so what a client may bind its tokens with.
    enabledJWA: { dPoPSigningAlgValues: DPOP_ALGORITHMS },
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    extraClientMetadata: redirectUriPolicy({
      invalidMetadata: (message) => new errors.InvalidClientMetadata(message),
      invalidRedirectUri: (message) => new errors.InvalidRedirectUri(message),
    }),
    // An authorization request without scope asks for every MCP scope, so its consent page can be approved.
    extraParams: {
      scope: async (ctx: KoaContextWithOIDC, value: unknown) => {
        if (!value) ctx.oidc.params!['scope'] = McpScopes.join(' ');
      },
    },
    fetch: providerFetch(options.clientMetadataDocuments.testOnly),
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    ttl: { ...OAUTH_TTL },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      // A client revokes only its own tokens.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      clientIdMetadataDocument: clientMetadataDocumentFeature(options.clientMetadataDocuments),
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`The only resource here is ${resource}`);
          return {
            scope: McpScopes.join(' '),
            audience: resource,
            accessTokenTTL: OAUTH_TTL.AccessToken,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    // A client gets a code only after the user clicks on the consent page, every time.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    // Tokens live as long as the grant, not the provider's short browser session.
    expiresWithSession: async () => false,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    // Public clients (MCP Inspector, web IDEs) call the token endpoint from a browser: PKCE and the code protect it.
    clientBasedCORS: () => true,
    interactions: {
      url: (_ctx, interaction) =>
        `${CONSENT_PAGE_PATH}/${interaction.uid}?client_id=${encodeURIComponent(String(interaction.params['client_id']))}`,
    },
    findAccount: async (_ctx, accountId) => {
      const account = parseOAuthAccountId(accountId);
      if (!account || !(await findMembership(db, account.teamId, account.userId))) return undefined;
      return { accountId, claims: () => ({ sub: accountId }) };
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out['error']), String(out['error_description'] ?? ''));
    },
  };

  const provider = new ProviderClass(publicUrl, configuration);
  provider.proxy = options.behindProxy;
  return provider;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function errorPage(error: string, description: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baton – authorization failed</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<h1>The connection could not be authorized</h1><p>${escapeHtml(description || error)}</p>
<p><small>${escapeHtml(error)}</small></p><p>Start the connection again from your MCP client.</p></body></html>`;
}
