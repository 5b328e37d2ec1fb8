/**
 * MCP clients connected through OAuth (Settings → MCP): one per grant of the member in the team,
 * with when it last got an access token; revoking one ends its tokens at once.
 */
import type Provider from 'oidc-provider';
import type { Db } from '../../db/types';
import { deleteOAuthGrants, lastTokenIssuedAt, listLiveGrants } from '../../repositories/oauthModels';
import { notFound } from '../../errors';
import { McpScopes, type McpConnection, type McpScope } from '../../../shared/contract/mcp';
import { oauthAccountId, type OAuthAccount } from '../../oauth/accountId';
import { mcpResourceUrl } from '../../oauth/authorizationServer';
import { clientHost } from './oauthConsent';

const isMcpScope = (scope: string): scope is McpScope => (McpScopes as readonly string[]).includes(scope);
const isoFromEpoch = (seconds: number) => new Date(seconds * 1000).toISOString();

export async function listConnections(
  db: Db,
  provider: Provider,
  input: { account: OAuthAccount; publicUrl: string; now: Date },
): Promise<{ connections: McpConnection[] }> {
  const grants = await listLiveGrants(db, oauthAccountId(input.account), input.now);
  const lastUse = await lastTokenIssuedAt(
    db,
    grants.map((grant) => grant.id),
  );
  const resource = mcpResourceUrl(input.publicUrl);
  const connections = await Promise.all(
    grants.map(async (grant): Promise<McpConnection> => {
      const clientId = String(grant.payload['clientId']);
      // A client whose metadata document cannot be read now still shows, by its id.
      const client = await provider.Client.find(clientId).catch(() => undefined);
      const resources = (grant.payload['resources'] ?? {}) as Record<string, string>;
      const used = lastUse.get(grant.id);
      return {
        id: grant.id,
        clientId,
        clientName: client?.clientName?.trim() || (client ? clientHost(client) : clientId),
        host: client ? clientHost(client) : '',
        scopes: (resources[resource] ?? '').split(' ').filter(isMcpScope),
        connectedAt: isoFromEpoch(Number(grant.payload['iat'])),
        lastUsedAt: used ? isoFromEpoch(used) : null,
      };
    }),
  );
  return { connections };
}

export async function revokeConnection(db: Db, input: { account: OAuthAccount; id: string; now: Date }) {
  const grants = await listLiveGrants(db, oauthAccountId(input.account), input.now);
  if (!grants.some((grant) => grant.id === input.id)) throw notFound('Connection not found');
  await deleteOAuthGrants(db, [input.id]);
}
