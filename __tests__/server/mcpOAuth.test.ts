import { createHash, randomUUID } from 'node:crypto';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, inWeek, teamUser } from './helpers/planning';
import { join } from './helpers/members';
import { freePort, MemoryOAuthClient, TestBrowser, visitConsent } from './helpers/oauthBrowser';
import { deleteExpiredOAuthModels } from '../../src/server/repositories/oauthModels';

jest.setTimeout(60_000);

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };
const textOf = (result: unknown) => (result as ToolResult).content.map((part) => part.text).join('\n');

/**
 * The OAuth path at /mcp, driven by the MCP SDK's own client over real HTTP on 127.0.0.1: discovery,
 * dynamic registration, PKCE, the consent screen's API with a Baton session, the code, tokens,
 * refresh and revocation, then the tools.
 */
describe('the MCP server with OAuth 2.1: /mcp', () => {
  let t: TestApp;
  let base: string;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  let checkout: { id: string; externalId: string };
  const open: Client[] = [];
  const redirectUri = 'http://127.0.0.1:33418/callback';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ PUBLIC_URL: base });
    await t.app.listen({ port, host: '127.0.0.1' });
    owner = await teamUser(t.app, 'oauth-owner@example.com');
    checkout = await createItem(t.app, owner.cookie, owner.projectId, {
      kind: 'implementations',
      project: inWeek(2968),
      item: { description: 'Checkout page\n\nCard payments on one page.', goals: ['Pay in one step'] },
    });
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.close().catch(() => undefined)));
    await t.close();
  });

  const transportFor = (oauth: MemoryOAuthClient) =>
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: oauth });

  /** Connects until the server asks for authorization; answers the authorization URL the client would open. */
  async function startAuthorization(oauth: MemoryOAuthClient) {
    const transport = transportFor(oauth);
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(oauth.authorizationUrl).toBeDefined();
    return { transport, authorizationUrl: oauth.authorizationUrl! };
  }

  async function connected(oauth: MemoryOAuthClient) {
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(transportFor(oauth));
    open.push(client);
    return client;
  }

  async function authorize(oauth: MemoryOAuthClient, scopes = ['items:read', 'items:write']) {
    const { transport, authorizationUrl } = await startAuthorization(oauth);
    const visit = await visitConsent(base, authorizationUrl, owner.cookie);
    const answered = await visit.answer({ approve: true, scopes });
    await transport.finishAuth(answered.redirect!.searchParams);
    return { visit, answered };
  }

  it('discovers, registers, asks the member, and lists and reads items with the token', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri], client_name: 'Claude Code' });
    const { transport, authorizationUrl } = await startAuthorization(oauth);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${base}/mcp`);
    expect(oauth.information?.client_id).toBeTruthy();

    const visit = await visitConsent(base, authorizationUrl, owner.cookie);
    expect(visit.info).toEqual({
      clientId: oauth.information!.client_id,
      name: 'Claude Code',
      host: '127.0.0.1:33418',
      logoUri: null,
      requestedScopes: ['items:read', 'items:write'],
      approvedBefore: false,
      teamName: expect.any(String),
    });
    const answered = await visit.answer({ approve: true, scopes: ['items:read', 'items:write'] });
    expect(answered.redirect!.origin + answered.redirect!.pathname).toBe(redirectUri);
    await transport.finishAuth(answered.redirect!.searchParams);
    expect(oauth.stored?.refresh_token).toBeTruthy();

    const client = await connected(oauth);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('get_item');
    const item = await client.callTool({ name: 'get_item', arguments: { item: checkout.externalId } });
    expect(textOf(item)).toContain('Checkout page');
    const saved = await client.callTool({
      name: 'save_item',
      arguments: { kind: 'demo', description: 'Made over OAuth' },
    });
    expect((saved as ToolResult).isError).toBeFalsy();
  });

  it('Claude Code, which has a metadata document, registers instead where documents are off', async () => {
    const redirect = `http://localhost:${await freePort()}/callback`;
    const document = 'https://claude.ai/oauth/claude-code-client-metadata';
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirect], client_name: 'Claude Code' }, document);
    const { transport, authorizationUrl } = await startAuthorization(oauth);
    expect(oauth.information!.client_id).not.toBe(document);
    const visit = await visitConsent(base, authorizationUrl, owner.cookie);
    expect(visit.info).toMatchObject({ name: 'Claude Code', host: new URL(redirect).host });
    const answered = await visit.answer({ approve: true, scopes: ['items:read'] });
    expect(answered.redirect!.origin + answered.redirect!.pathname).toBe(redirect);
    await transport.finishAuth(answered.redirect!.searchParams);
    expect(oauth.stored?.access_token).toBeTruthy();
    // Named by its document URL instead, it is unknown here: nothing is fetched.
    const unknown = await call(t.app, 'GET', `/v1/oauth2/clients/${encodeURIComponent(document)}`, {
      cookie: owner.cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });

  const form = (params: Record<string, string>) =>
    fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
  const mcpCall = (token: string, method = 'tools/list', params: object = {}) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
  /** Runs the flow up to the code, without redeeming it. */
  async function codeFor(oauth: MemoryOAuthClient, scopes = ['items:read', 'items:write'], cookie = owner.cookie) {
    const { authorizationUrl } = await startAuthorization(oauth);
    const visit = await visitConsent(base, authorizationUrl, cookie);
    const answered = await visit.answer({ approve: true, scopes });
    return answered.redirect!.searchParams.get('code')!;
  }
  const redeem = (oauth: MemoryOAuthClient, code: string) =>
    form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: oauth.information!.client_id,
      code_verifier: oauth.codeVerifier(),
      resource: `${base}/mcp`,
    });

  it('advertises the protected resource and the authorization server as MCP clients expect', async () => {
    const unauthorized = await mcpCall('');
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="items:read items:write"`,
    );
    const resource = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base] });
    const server = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(server).toMatchObject({
      issuer: base,
      code_challenge_methods_supported: ['S256'],
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
    });
    expect(server.token_endpoint_auth_methods_supported).toContain('none');
    // MCP_CLIENT_METADATA_DOCUMENTS is off by default: not advertised, so clients register (mcpClientMetadata.test.ts has it on).
    expect(server).not.toHaveProperty('client_id_metadata_document_supported');
    const discovery = await (await fetch(`${base}/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(base);
  });

  it('a code is redeemed once; a second use fails', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    const code = await codeFor(oauth);
    expect((await redeem(oauth, code)).status).toBe(200);
    const again = await redeem(oauth, code);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');
  });

  it('refuses a redirect URI the client did not register, without sending a code anywhere', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    const { authorizationUrl } = await startAuthorization(oauth);
    authorizationUrl.searchParams.set('redirect_uri', 'http://127.0.0.1:33419/elsewhere');
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri did not match');
  });

  it('rotates refresh tokens; reusing an old one revokes the whole connection', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    const first = await (await redeem(oauth, await codeFor(oauth))).json();
    const refresh = (token: string) =>
      form({ grant_type: 'refresh_token', refresh_token: token, client_id: oauth.information!.client_id });
    const second = await (await refresh(first.refresh_token)).json();
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await mcpCall(second.access_token)).status).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect((await reuse.json()).error).toBe('invalid_grant');
    expect((await refresh(second.refresh_token)).status).toBe(400);
    expect((await mcpCall(second.access_token)).status).toBe(401);
  });

  it('refuses a revoked, expired or wrong-audience token', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    const tokens = await (await redeem(oauth, await codeFor(oauth))).json();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    expect((await mcpCall(tokens.access_token)).status).toBe(200);

    const revoked = await fetch(`${base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token, client_id: oauth.information!.client_id }),
    });
    expect(revoked.status).toBe(200);
    const afterRevoke = await mcpCall(tokens.access_token);
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.headers.get('www-authenticate')).toContain('error="invalid_token"');

    const fresh = await (await redeem(oauth, await codeFor(oauth))).json();
    await t.app.db.execute(
      `update oauth_models set expires_at = now() - interval '1 second' where kind = 'AccessToken' and id = '${fresh.access_token}'` as never,
    );
    expect((await mcpCall(fresh.access_token)).status).toBe(401);

    const elsewhere = new t.app.oauth.AccessToken({
      accountId: `${owner.userId}:${owner.teamId}`,
      client: (await t.app.oauth.Client.find(oauth.information!.client_id))!,
      grantId: 'no-grant',
      gty: 'authorization_code',
      scope: 'items:read',
    });
    elsewhere.aud = 'https://elsewhere.example/mcp';
    expect((await mcpCall(await elsewhere.save())).status).toBe(401);
  });

  describe('DPoP-bound tokens (RFC 9449)', () => {
    type Key = { privateKey: CryptoKey; jwk: JWK };
    const newKey = async (): Promise<Key> => {
      const { privateKey, publicKey } = await generateKeyPair('ES256');
      return { privateKey, jwk: await exportJWK(publicKey) };
    };
    const proof = (
      key: Key,
      htm: string,
      htu: string,
      accessToken?: string,
      issuedAt = Math.floor(Date.now() / 1000),
    ) =>
      new SignJWT({
        htm,
        htu,
        jti: randomUUID(),
        ...(accessToken ? { ath: createHash('sha256').update(accessToken).digest('base64url') } : {}),
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: key.jwk })
        .setIssuedAt(issuedAt)
        .sign(key.privateKey);
    const mcp = (authorization: string, dpop?: string) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          authorization,
          ...(dpop ? { dpop } : {}),
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });

    /** A connection whose token the client bound to its key at the token endpoint. */
    async function boundToken(key: Key) {
      const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
      const code = await codeFor(oauth);
      const response = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          dpop: await proof(key, 'POST', `${base}/oauth/token`),
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: oauth.information!.client_id,
          code_verifier: oauth.codeVerifier(),
          resource: `${base}/mcp`,
        }),
      });
      const tokens = await response.json();
      expect(tokens.token_type).toBe('DPoP');
      return tokens.access_token as string;
    }

    it('the protected resource advertises DPoP, as the authorization server does', async () => {
      const resource = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json();
      const server = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
      expect(resource.dpop_signing_alg_values_supported).toEqual(server.dpop_signing_alg_values_supported);
      expect(resource.dpop_signing_alg_values_supported).toContain('ES256');
    });

    it('takes a bound token with a proof from its key, once per proof', async () => {
      const key = await newKey();
      const token = await boundToken(key);
      const valid = await proof(key, 'POST', `${base}/mcp`, token);
      expect((await mcp(`DPoP ${token}`, valid)).status).toBe(200);
      const replayed = await mcp(`DPoP ${token}`, valid);
      expect(replayed.status).toBe(401);
      expect(replayed.headers.get('www-authenticate')).toMatch(/^DPoP algs="ES256[^"]*", .*error="invalid_dpop_proof"/);
      expect((await mcp(`DPoP ${token}`, await proof(key, 'POST', `${base}/mcp`, token))).status).toBe(200);
    });

    it('refuses a bound token as a plain Bearer, without a proof, or with a wrong one', async () => {
      const key = await newKey();
      const token = await boundToken(key);
      const asBearer = await mcp(`Bearer ${token}`);
      expect(asBearer.status).toBe(401);
      expect(asBearer.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect((await mcp(`Bearer ${token}`, await proof(key, 'POST', `${base}/mcp`, token))).status).toBe(401);
      expect((await mcp(`DPoP ${token}`)).status).toBe(401);
      const wrong = [
        await proof(await newKey(), 'POST', `${base}/mcp`, token), // another key
        await proof(key, 'GET', `${base}/mcp`, token), // another method
        await proof(key, 'POST', `${base}/mcp/token`, token), // another URL
        await proof(key, 'POST', `${base}/mcp`, 'another-token'), // another token
        await proof(key, 'POST', `${base}/mcp`), // no ath
        await proof(key, 'POST', `${base}/mcp`, token, Math.floor(Date.now() / 1000) - 3600), // old
      ];
      for (const dpop of wrong) {
        const response = await mcp(`DPoP ${token}`, dpop);
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toContain('error="invalid_dpop_proof"');
      }
    });

    it('refuses an unbound token sent as DPoP; it works as Bearer', async () => {
      const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
      const tokens = await (await redeem(oauth, await codeFor(oauth))).json();
      expect(tokens.token_type).toBe('Bearer');
      const key = await newKey();
      const response = await mcp(
        `DPoP ${tokens.access_token}`,
        await proof(key, 'POST', `${base}/mcp`, tokens.access_token),
      );
      expect(response.status).toBe(401);
      expect((await mcp(`Bearer ${tokens.access_token}`)).status).toBe(200);
    });
  });

  const register = (metadata: Record<string, unknown>) =>
    fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token_endpoint_auth_method: 'none', ...metadata }),
    });

  it('registers https and loopback redirects, refuses plain http to another host', async () => {
    const inClear = await register({ redirect_uris: ['http://agent.example/callback'] });
    expect(inClear.status).toBe(400);
    expect(await inClear.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    const mixed = await register({ redirect_uris: ['http://127.0.0.1:9/callback', 'http://10.0.0.8/callback'] });
    expect(mixed.status).toBe(400);

    const web = await register({ redirect_uris: ['https://agent.example/callback'] });
    expect(web.status).toBe(201);
    expect((await web.json()).application_type).toBe('web');
    const loopback = await register({ redirect_uris: ['http://127.0.0.1:9/callback', 'http://[::1]/callback'] });
    expect(loopback.status).toBe(201);
    expect((await loopback.json()).application_type).toBe('native');
  });

  it("a loopback client's redirect matches on any port (RFC 8252)", async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: ['http://localhost/callback'] });
    const { authorizationUrl } = await startAuthorization(oauth);
    const elsewhere = `http://localhost:${await freePort()}/callback`;
    authorizationUrl.searchParams.set('redirect_uri', elsewhere);
    const visit = await visitConsent(base, authorizationUrl, owner.cookie);
    const answered = await visit.answer({ approve: true, scopes: ['items:read'] });
    expect(answered.redirect!.origin + answered.redirect!.pathname).toBe(elsewhere);
    expect(answered.redirect!.searchParams.get('code')).toBeTruthy();
  });

  it("Cursor's registration shape (its own cursor:// redirect, no application_type) signs in", async () => {
    const cursorRedirect = 'cursor://anysphere.cursor-mcp/oauth/callback';
    // Registered as a plain request, not through the SDK (which would add application_type itself).
    const registered = await register({ redirect_uris: [cursorRedirect], client_name: 'Cursor' });
    expect(registered.status).toBe(201);
    const oauth = new MemoryOAuthClient({ redirect_uris: [cursorRedirect], client_name: 'Cursor' });
    oauth.saveClientInformation(await registered.json());
    const { transport, authorizationUrl } = await startAuthorization(oauth);
    const visit = await visitConsent(base, authorizationUrl, owner.cookie);
    expect(visit.info).toMatchObject({ name: 'Cursor', host: 'anysphere.cursor-mcp' });
    const answered = await visit.answer({ approve: true, scopes: ['items:read', 'items:write'] });
    expect(answered.redirect!.href.startsWith(`${cursorRedirect}?`)).toBe(true);
    await transport.finishAuth(answered.redirect!.searchParams);
    expect(oauth.stored?.access_token).toBeTruthy();
  });

  it('an authorization request without scope asks for the MCP scopes', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    const { transport, authorizationUrl } = await startAuthorization(oauth);
    authorizationUrl.searchParams.delete('scope');
    const visit = await visitConsent(base, authorizationUrl, owner.cookie);
    expect(visit.info['requestedScopes']).toEqual(['items:read', 'items:write']);
    const answered = await visit.answer({ approve: true, scopes: ['items:read', 'items:write'] });
    await transport.finishAuth(answered.redirect!.searchParams);
    expect(oauth.stored!.scope!.split(' ').sort()).toEqual(['items:read', 'items:write']);
  });

  it('unknown /.well-known documents answer 404, not the app', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp/token', '/.well-known/nothing-here']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ result: 'NotFound' });
    }
  });

  it('a read-only connection reads but is refused write tools with 403 insufficient_scope', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    const tokens = await (await redeem(oauth, await codeFor(oauth, ['items:read']))).json();
    expect(tokens.scope.split(' ')).not.toContain('items:write');
    expect((await mcpCall(tokens.access_token)).status).toBe(200);
    const refused = await mcpCall(tokens.access_token, 'tools/call', {
      name: 'save_item',
      arguments: { kind: 'demo', description: 'x' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it("reaches only the consenting member's team: another team's item is not found", async () => {
    const other = await teamUser(t.app, 'oauth-other@example.com');
    const theirs = await createItem(t.app, other.cookie, other.projectId, { item: { description: 'Their secret' } });
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    await authorize(oauth);
    const client = await connected(oauth);
    const answer = await client.callTool({ name: 'get_item', arguments: { item: theirs.id } });
    expect(answer).toMatchObject({ isError: true });
    expect(textOf(answer)).not.toContain('Their secret');
  });

  it('declining sends the client access_denied and no code', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    const { authorizationUrl } = await startAuthorization(oauth);
    const visit = await visitConsent(base, authorizationUrl, owner.cookie);
    const answered = await visit.answer({ approve: false, scopes: [] });
    expect(answered.redirect!.searchParams.get('error')).toBe('access_denied');
    expect(answered.redirect!.searchParams.get('code')).toBeNull();
    const twice = await visit.answer({ approve: true, scopes: ['items:read'] });
    expect(twice.status).toBe(404);
  });

  it('a consent link answered in another browser yields no code: the phishing flow fails', async () => {
    // The attacker starts the authorization in their own browser, with no Baton session, as "Claude Code".
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri], client_name: 'Claude Code' });
    const { authorizationUrl } = await startAuthorization(oauth);
    const attacker = new TestBrowser(base);
    const { interactionId, clientId } = await attacker.authorize(authorizationUrl);

    // The member opens the link they were sent, in their own signed-in browser, and approves.
    const member = new TestBrowser(base, owner.cookie);
    const shown = await member.clientInfo(clientId, interactionId);
    expect(shown.status).toBe(403);
    expect(((await shown.json()) as { message: string }).message).toContain('not started in this browser');
    const approved = await member.postConsent({ interactionId, approve: true, scopes: ['items:read', 'items:write'] });
    expect(approved.status).toBe(403);

    // The attacker's browser resumes the flow: it is sent back to the consent page, never to the client.
    const resumed = await attacker.follow(`/oauth/authorize/${interactionId}`);
    expect(resumed.origin).toBe(base);
    expect(resumed.searchParams.get('code')).toBeNull();
    const grants = await call(t.app, 'GET', '/v1/teams/active/mcp/connections', { cookie: owner.cookie });
    expect(grants.json().data.connections.map((c: { clientId: string }) => c.clientId)).not.toContain(clientId);

    // The attacker's own browser has no Baton session, so it cannot answer either.
    const byAttacker = await attacker.postConsent({ interactionId, approve: true, scopes: ['items:read'] });
    expect(byAttacker.status).toBe(401);
  });

  it('the consent API needs a session, refuses scopes not asked for, and unknown or unsafe clients', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    const { authorizationUrl } = await startAuthorization(oauth);
    const visit = await visitConsent(base, authorizationUrl, owner.cookie);
    const anonymous = await call(t.app, 'POST', '/v1/oauth2/consent', {
      body: { interactionId: visit.interactionId, approve: true, scopes: ['items:read'] },
    });
    expect(anonymous.statusCode).toBe(401);

    const narrow = new MemoryOAuthClient({ redirect_uris: [redirectUri], scope: 'items:read' });
    const { authorizationUrl: readOnlyUrl } = await startAuthorization(narrow);
    readOnlyUrl.searchParams.set('scope', 'items:read');
    const readOnlyVisit = await visitConsent(base, readOnlyUrl, owner.cookie);
    expect(readOnlyVisit.info['requestedScopes']).toEqual(['items:read']);
    const tooMuch = await readOnlyVisit.answer({ approve: true, scopes: ['items:read', 'items:write'] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ message: 'The client did not ask for items:write.' });

    const unknown = await call(t.app, 'GET', '/v1/oauth2/clients/no-such-client', { cookie: owner.cookie });
    expect(unknown.statusCode).toBe(404);
    // Metadata documents are off here (mcpClientMetadata.test.ts covers the fetcher's guard): an https client id is unknown.
    for (const id of ['https://127.0.0.1:9/client.json', 'http://clients.example/client.json']) {
      const answer = await call(t.app, 'GET', `/v1/oauth2/clients/${encodeURIComponent(id)}`, { cookie: owner.cookie });
      expect(answer.statusCode).toBe(404);
    }
    const wrongClient = await call(
      t.app,
      'GET',
      `/v1/oauth2/clients/${encodeURIComponent(narrow.information!.client_id)}?interactionId=${visit.interactionId}`,
      { cookie: owner.cookie },
    );
    expect(wrongClient.statusCode).toBe(404);
  });

  it('Settings lists connected clients with their last use; disconnecting ends their tokens', async () => {
    const member = await join(t.app, owner.cookie, 'oauth-member@example.com');
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri], client_name: 'Cursor' });
    const tokens = await (await redeem(oauth, await codeFor(oauth, ['items:read'], member.cookie))).json();
    expect((await mcpCall(tokens.access_token)).status).toBe(200);

    const listed = await call(t.app, 'GET', '/v1/teams/active/mcp/connections', { cookie: member.cookie });
    expect(listed.json().data.connections).toEqual([
      {
        id: expect.any(String),
        clientId: oauth.information!.client_id,
        clientName: 'Cursor',
        host: '127.0.0.1:33418',
        scopes: ['items:read'],
        connectedAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    const [connection] = listed.json().data.connections;
    const byOwner = await call(t.app, 'DELETE', `/v1/teams/active/mcp/connections/${connection.id}`, {
      cookie: owner.cookie,
    });
    expect(byOwner.statusCode).toBe(404);
    const removed = await call(t.app, 'DELETE', `/v1/teams/active/mcp/connections/${connection.id}`, {
      cookie: member.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect((await mcpCall(tokens.access_token)).status).toBe(401);
    const refresh = await form({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: oauth.information!.client_id,
    });
    expect(refresh.status).toBe(400);
  });

  it('sweeps expired codes and tokens, keeping live ones', async () => {
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri] });
    const tokens = await (await redeem(oauth, await codeFor(oauth))).json();
    await t.app.db.execute(
      `update oauth_models set expires_at = now() - interval '1 minute' where kind = 'AccessToken' and id = '${tokens.access_token}'` as never,
    );
    expect(await deleteExpiredOAuthModels(t.app.db, new Date())).toBeGreaterThanOrEqual(1);
    const left = (await t.app.db.execute(
      `select count(*)::int as n from oauth_models where expires_at < now()` as never,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
    expect(await t.app.oauth.RefreshToken.find(tokens.refresh_token)).toBeTruthy();
  });
});
