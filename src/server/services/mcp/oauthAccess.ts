import type Provider from 'oidc-provider';
import type { Db } from '../../db/types';
import { findMembership } from '../../repositories/teams';
import { McpScopes, type McpScope } from '../../../shared/contract/mcp';
import { parseOAuthAccountId } from '../../oauth/accountId';
import { mcpResourceUrl } from '../../oauth/authorizationServer';
import type { McpPrincipal } from './tokens';

const isMcpScope = (scope: string): scope is McpScope => (McpScopes as readonly string[]).includes(scope);

/**
 * The principal behind an OAuth access token on `/mcp`, or null when the token is unknown, expired,
 * revoked (its grant gone), issued for another resource, or its user has left the team.
 */
export async function authenticateOAuthAccessToken(
  db: Db,
  provider: Provider,
  token: string,
  publicUrl: string,
): Promise<McpPrincipal | null> {
  const accessToken = await provider.AccessToken.find(token);
  if (!accessToken || accessToken.isExpired) return null;
  if (accessToken.aud !== mcpResourceUrl(publicUrl)) return null;
  const account = parseOAuthAccountId(accessToken.accountId);
  if (!account || !(await findMembership(db, account.teamId, account.userId))) return null;
  return {
    tokenId: accessToken.grantId,
    teamId: account.teamId,
    userId: account.userId,
    scopes: [...accessToken.scopes].filter(isMcpScope),
    writableItemId: null,
    expiresAt: new Date(accessToken.exp! * 1000),
  };
}
