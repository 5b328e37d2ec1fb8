import type { IncomingMessage, ServerResponse } from 'node:http';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { teamUser } from './helpers/planning';
import { freePort, MemoryOAuthClient, visitConsent } from './helpers/oauthBrowser';
import { startHttpsFake, type HttpsFake } from './helpers/httpsFake';

jest.setTimeout(60_000);

const DOCUMENT_PATH = '/oauth/claude-code-client-metadata';

/**
 * Client ID Metadata Documents turned on (MCP_CLIENT_METADATA_DOCUMENTS=true): an MCP client named
 * by a document shaped like Claude Code's real one (https client_id; port-less loopback redirects; no
 * application_type), served by an HTTPS fake on 127.0.0.1 that only this test lets the fetcher reach,
 * signs in from a random loopback port, as Claude Code does.
 */
describe('MCP sign-in with a Client ID Metadata Document', () => {
  let t: TestApp;
  let base: string;
  let fake: HttpsFake;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  const fetched: string[] = [];
  const open: Client[] = [];
  let clientId: string;

  const respond = (request: IncomingMessage, response: ServerResponse) => {
    fetched.push(request.url ?? '');
    if (request.url === DOCUMENT_PATH) {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=3600' });
      response.end(
        JSON.stringify({
          client_id: clientId,
          client_name: 'Claude Code',
          client_uri: 'https://claude.ai',
          redirect_uris: ['http://localhost/callback', 'http://127.0.0.1/callback'],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        }),
      );
    } else if (request.url === '/large.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ client_id: `${fake.origin}/large.json`, client_name: 'x'.repeat(6 * 1024) }));
    } else if (request.url === '/slow.json') {
      // Never answers: the fetcher gives up after its time cap.
    } else {
      response.writeHead(404).end();
    }
  };

  beforeAll(async () => {
    fake = await startHttpsFake(respond);
    clientId = `${fake.origin}${DOCUMENT_PATH}`;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp(
      { PUBLIC_URL: base, MCP_CLIENT_METADATA_DOCUMENTS: 'true' },
      { clientMetadataFetchForTests: { origins: [fake.origin], fetch: fake.fetch } },
    );
    await t.app.listen({ port, host: '127.0.0.1' });
    owner = await teamUser(t.app, 'cimd-owner@example.com');
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.close().catch(() => undefined)));
    await t.close();
    await fake.close();
  });

  /** Claude Code's side: its document URL as client_id and a callback on a port chosen now. */
  async function claudeCode(host: 'localhost' | '127.0.0.1') {
    const redirectUri = `http://${host}:${await freePort()}/callback`;
    const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri], client_name: 'Claude Code' }, clientId);
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: oauth });
    await expect(new Client({ name: 'claude-code', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    return { oauth, transport, redirectUri, authorizationUrl: oauth.authorizationUrl! };
  }

  it('advertises metadata documents, and Claude Code signs in from a random loopback port', async () => {
    const server = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(server.client_id_metadata_document_supported).toBe(true);

    const { oauth, transport, redirectUri, authorizationUrl } = await claudeCode('localhost');
    expect(authorizationUrl.searchParams.get('client_id')).toBe(clientId);
    expect(oauth.information?.client_id).toBe(clientId); // the document's URL, not a registration
    const visit = await visitConsent(base, authorizationUrl, owner.cookie);
    expect(visit.info).toMatchObject({ clientId, name: 'Claude Code', host: new URL(fake.origin).host });
    const answered = await visit.answer({ approve: true, scopes: ['items:read', 'items:write'] });
    expect(answered.redirect!.origin + answered.redirect!.pathname).toBe(redirectUri);
    await transport.finishAuth(answered.redirect!.searchParams);

    const client = new Client({ name: 'claude-code', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: oauth }));
    open.push(client);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('get_item');
  });

  it('matches 127.0.0.1 on another port too, from the cached document', async () => {
    const { transport, redirectUri, authorizationUrl } = await claudeCode('127.0.0.1');
    const answered = await (
      await visitConsent(base, authorizationUrl, owner.cookie)
    ).answer({ approve: true, scopes: ['items:read'] });
    expect(answered.redirect!.origin + answered.redirect!.pathname).toBe(redirectUri);
    await transport.finishAuth(answered.redirect!.searchParams);
    // Fetched once for both sign-ins: the document says it may be kept an hour.
    expect(fetched.filter((url) => url === DOCUMENT_PATH)).toHaveLength(1);
  });

  it('refuses a redirect the document does not list, on any port', async () => {
    const { authorizationUrl } = await claudeCode('localhost');
    authorizationUrl.searchParams.set('redirect_uri', `http://localhost:${await freePort()}/elsewhere`);
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('redirect_uri did not match');
  });

  it('fetches no document from a private address, nor one too large or too slow', async () => {
    const started = Date.now();
    for (const id of ['https://127.0.0.1:9/client.json', `${fake.origin}/large.json`, `${fake.origin}/slow.json`]) {
      const answer = await call(t.app, 'GET', `/v1/oauth2/clients/${encodeURIComponent(id)}`, { cookie: owner.cookie });
      expect(answer.statusCode).toBe(404);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(fetched).toEqual(expect.arrayContaining(['/large.json', '/slow.json']));
    expect(fetched).not.toContain('/client.json');
  });
});
