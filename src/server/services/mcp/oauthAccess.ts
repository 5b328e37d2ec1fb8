import type Provider from 'oidc-provider';
import type { Db } from '../../db/types';
import { findMembership } from '../../repositories/teams';
import { McpScopes, type McpScope } from '../../../shared/contract/mcp';
import { parseOAuthAccountId } from '../../oauth/accountId';
import { mcpResourceUrl } from '../../oauth/authorizationServer';
import { verifyDpopProof } from '../../oauth/dpopProof';
import type { McpPrincipal } from './tokens';

const isMcpScope = (scope: string): scope is McpScope => (McpScopes as readonly string[]).includes(scope);

/** An access token as the request presented it: its Authorization scheme, and the DPoP proof header. */
export interface PresentedAccessToken {
  scheme: 'Bearer' | 'DPoP';
  token: string;
  proof: string | string[] | undefined;
  method: string;
}

/** Who is calling, or why not: a bad token, or a DPoP-bound token without its key's proof. */
export type OAuthAccess =
  { principal: McpPrincipal } | { refused: 'invalid_token' | 'invalid_dpop_proof'; description: string; dpop: boolean };

const badToken = {
  refused: 'invalid_token',
  description: 'The token is unknown, revoked, expired or not for this server',
  dpop: false,
} as const;

/**
 * The principal behind an OAuth access token on `/mcp`. Refused when the token is unknown, expired,
 * revoked (its grant gone), issued for another resource, or its user has left the team; and a token
 * bound to a DPoP key (RFC 9449) only with `Authorization: DPoP` and a proof signed by that key.
 */
export async function authenticateOAuthAccessToken(
  db: Db,
  provider: Provider,
  publicUrl: string,
  presented: PresentedAccessToken,
): Promise<OAuthAccess> {
  const resource = mcpResourceUrl(publicUrl);
  const accessToken = await provider.AccessToken.find(presented.token);
  if (!accessToken || accessToken.isExpired || accessToken.aud !== resource) return badToken;

  if (accessToken.jkt) {
    if (presented.scheme !== 'DPoP') {
      return {
        refused: 'invalid_token',
        description: 'This token is DPoP-bound: send it as Authorization: DPoP with a DPoP proof',
        dpop: true,
      };
    }
    const proof = await verifyDpopProof(
      // oidc-provider's tokens, and the client's proofs, run on real time.
      {
        proof: presented.proof,
        method: presented.method,
        url: resource,
        accessToken: presented.token,
        now: new Date(),
      },
      (jkt, jti, expiresAt) => provider.ReplayDetection.unique(`${resource}#${jkt}`, jti, expiresAt),
    );
    if ('problem' in proof) return { refused: 'invalid_dpop_proof', description: proof.problem, dpop: true };
    if (proof.jkt !== accessToken.jkt) {
      return {
        refused: 'invalid_dpop_proof',
        description: 'The DPoP proof is signed by another key than the token is bound to',
        dpop: true,
      };
    }
  } else if (presented.scheme === 'DPoP') {
    return {
      refused: 'invalid_token',
      description: 'This token is not DPoP-bound: send it as a Bearer token',
      dpop: true,
    };
  }

  const account = parseOAuthAccountId(accessToken.accountId);
  if (!account || !(await findMembership(db, account.teamId, account.userId))) return badToken;
  return {
    principal: {
      tokenId: accessToken.grantId,
      teamId: account.teamId,
      userId: account.userId,
      scopes: [...accessToken.scopes].filter(isMcpScope),
      writableItemId: null,
      expiresAt: new Date(accessToken.exp! * 1000),
    },
  };
}
