import type { OidcProvider } from '../../../../shared/enums';

export interface AuthorizationRequest {
  provider: OidcProvider;
  authorizationEndpoint: string;
  clientId: string;
  scope: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

/** The authorization-code request with PKCE S256; Apple answers by form_post when it asks for name or e-mail. */
export function authorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(request.authorizationEndpoint);
  const params: [string, string][] = [
    ['response_type', 'code'],
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['scope', request.scope],
    ['state', request.state],
    ['nonce', request.nonce],
    ['code_challenge', request.codeChallenge],
    ['code_challenge_method', 'S256'],
  ];
  if (request.provider === 'Apple') params.push(['response_mode', 'form_post']);
  for (const [name, value] of params) url.searchParams.set(name, value);
  return url.toString();
}
