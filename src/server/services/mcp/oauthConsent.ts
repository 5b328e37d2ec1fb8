/**
 * The consent screen's server side (spec §7 `GET /oauth2/clients/{id}`, `POST /oauth2/consent`): what
 * an MCP client asks for, and the signed-in member's answer, which finishes oidc-provider's
 * interaction. The grant is for the member in their active team; the client gets a code only after
 * this answer, and only the scopes the member approved.
 */
import type Provider from 'oidc-provider';
import type { Client } from 'oidc-provider';
import type { Db } from '../../db/types';
import { findTeam } from '../../repositories/teams';
import { listLiveGrants } from '../../repositories/oauthModels';
import { forbidden, invalidRequest, notFound } from '../../errors';
import { McpScopes, type ConsentBody, type McpScope, type OAuthClientInfo } from '../../../shared/contract/mcp';
import { oauthAccountId, type OAuthAccount } from '../../oauth/accountId';
import { mcpResourceUrl } from '../../oauth/authorizationServer';

const isMcpScope = (scope: string): scope is McpScope => (McpScopes as readonly string[]).includes(scope);
const OIDC_SCOPES = new Set(['openid', 'offline_access']);

/** A registered client or one named by its metadata document URL; a document that cannot be fetched is NotFound. */
export async function findOAuthClient(provider: Provider, clientId: string): Promise<Client> {
  const client = await provider.Client.find(clientId).catch(() => undefined);
  if (!client) throw notFound('This MCP client is unknown to Baton, or its metadata document could not be read.');
  return client;
}

/** Where the client's codes go: the host of its metadata document URL, or of its first redirect URI. */
export function clientHost(client: Client): string {
  const source = /^https:\/\//i.test(client.clientId) ? client.clientId : (client.redirectUris?.[0] ?? '');
  return URL.parse(source)?.host ?? '';
}

const clientName = (client: Client) => client.clientName?.trim() || clientHost(client) || 'An MCP client';

/** A logo only from the client's own host, so a client cannot borrow another's look. */
function clientLogo(client: Client): string | null {
  const logo = client.logoUri ? URL.parse(client.logoUri) : null;
  return logo && logo.protocol === 'https:' && logo.host === clientHost(client) ? logo.href : null;
}

/** The interaction of the browser asking: its id is the one oidc-provider's interaction cookie names, or null. */
export interface ConsentBrowser {
  interactionId: string | null;
}

async function openInteraction(provider: Provider, interactionId: string, browser: ConsentBrowser, clientId?: string) {
  const interaction = await provider.Interaction.find(interactionId);
  if (!interaction || (clientId !== undefined && interaction.params['client_id'] !== clientId)) {
    throw notFound('This authorization request is unknown or has expired. Start again from your MCP client.');
  }
  // A consent link sent to someone else must not let its sender's browser collect a code.
  if (browser.interactionId !== interaction.uid) {
    throw forbidden(
      'This authorization request was not started in this browser (or a newer one replaced it). Approve only a connection you started yourself: start again from your MCP client on this computer.',
    );
  }
  if (interaction.result) throw invalidRequest('This authorization request has already been answered.');
  return interaction;
}

const requestedScopes = (scope: unknown) =>
  String(scope ?? '')
    .split(' ')
    .filter(Boolean);

export async function describeClient(
  db: Db,
  provider: Provider,
  input: { account: OAuthAccount; clientId: string; interactionId?: string; browser: ConsentBrowser; now: Date },
): Promise<OAuthClientInfo> {
  const client = await findOAuthClient(provider, input.clientId);
  const interaction = input.interactionId
    ? await openInteraction(provider, input.interactionId, input.browser, input.clientId)
    : undefined;
  const grants = await listLiveGrants(db, oauthAccountId(input.account), input.now);
  const team = await findTeam(db, input.account.teamId);
  return {
    clientId: client.clientId,
    name: clientName(client),
    host: clientHost(client),
    logoUri: clientLogo(client),
    requestedScopes: requestedScopes(interaction?.params['scope']).filter(isMcpScope),
    approvedBefore: grants.some((grant) => grant.payload['clientId'] === client.clientId),
    teamName: team?.teamName ?? '',
  };
}

/** Finishes the interaction with the member's answer; answers where the browser goes next. */
export async function answerConsent(
  provider: Provider,
  publicUrl: string,
  input: { account: OAuthAccount; body: ConsentBody; browser: ConsentBrowser },
): Promise<string> {
  const { body } = input;
  const interaction = await openInteraction(provider, body.interactionId, input.browser);
  const clientId = String(interaction.params['client_id']);
  const ttl = Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
  if (!body.approve) {
    interaction.result = { error: 'access_denied', error_description: 'The Baton user declined the connection.' };
    await interaction.save(ttl);
    return interaction.returnTo;
  }
  const requested = requestedScopes(interaction.params['scope']);
  const refused = body.scopes.filter((scope) => !requested.includes(scope));
  if (refused.length > 0) throw invalidRequest(`The client did not ask for ${refused.join(', ')}.`);
  if (body.scopes.length === 0) throw invalidRequest('Choose at least one kind of access to approve.');

  const accountId = oauthAccountId(input.account);
  const grant = new provider.Grant({ accountId, clientId });
  const resource = mcpResourceUrl(publicUrl);
  grant.addResourceScope(resource, body.scopes.join(' '));
  // What the member left unticked is recorded as refused, so the server does not ask again at once.
  const declined = requested.filter((scope) => isMcpScope(scope) && !body.scopes.includes(scope));
  if (declined.length > 0) {
    grant.rejectResourceScope(resource, declined.join(' '));
    grant.rejectOIDCScope(declined.join(' '));
  }
  // oidc-provider checks every requested scope it knows against the grant's OpenID scopes as well.
  grant.addOIDCScope([...requested.filter((scope) => OIDC_SCOPES.has(scope)), ...body.scopes].join(' '));
  const grantId = await grant.save();
  interaction.result = { login: { accountId }, consent: { grantId } };
  await interaction.save(ttl);
  return interaction.returnTo;
}
