/**
 * The OAuth subject: a Baton user acting in one team. A client a member connects reaches that team's
 * items only, as the MCP bearer tokens do, so the pairing is the account.
 */
export interface OAuthAccount {
  userId: string;
  teamId: string;
}

export const oauthAccountId = ({ userId, teamId }: OAuthAccount) => `${userId}:${teamId}`;

export function parseOAuthAccountId(accountId: string): OAuthAccount | null {
  const [userId, teamId, ...rest] = accountId.split(':');
  return userId && teamId && rest.length === 0 ? { userId, teamId } : null;
}
