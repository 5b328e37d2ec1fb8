import { Writable } from 'node:stream';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { openTestDatabase } from './helpers/testDatabase';
import { TestClock, sessionCookie } from './helpers/testApp';

/** Log lines must not carry what users typed, their invite codes or their addresses; the request id stays. */
describe('logs', () => {
  const lines: Record<string, unknown>[] = [];
  const text = () => lines.map((line) => JSON.stringify(line)).join('\n');
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    // Without rate limits the invite lookup itself is the statement that fails, carrying the code and address.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', RATE_LIMIT_ENABLED: 'false' });
    app = await buildApp({
      config,
      database,
      clock: new TestClock(),
      logStream: stream,
      clientDistDir: '/nonexistent',
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
  beforeEach(() => lines.splice(0));

  it('masks query values and credentials on every line, and keeps the request id', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/v1/auth/test-authenticate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ emailAddress: 'quiet@example.com' }),
    });
    const cookie = sessionCookie(signIn);
    const projectId = signIn.json().data.coreApplicationContext.availableProjects[0].id;
    const response = await app.inject({
      method: 'GET',
      url: `/v1/teams/active/projects/${projectId}/search?query=my%20secret%20plans&q=secret&invite=INVITE-CODE-42&email=leak%40example.com`,
      headers: { cookie, authorization: 'Bearer hunter2' },
    });
    expect(response.statusCode).toBe(400); // the search takes `query` only: an error answer, as in the report
    const requestId = response.headers['x-request-id'];
    const mine = lines.filter((line) => line.reqId === requestId);
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(mine)).toContain('query=[redacted]');
    for (const secret of ['secret', 'INVITE-CODE-42', 'leak', 'hunter2', cookie.split('=')[1]!])
      expect(text()).not.toContain(secret);
  });

  it('keeps the invite code, address and request values of a failing query out of the error line', async () => {
    await database.close(); // every statement now fails, with its bound values in drizzle's message
    const response = await app.inject({
      method: 'POST',
      url: '/v1/auth/validate-invite?q=secret',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ inviteCode: 'INVITE-SECRET-1234', emailAddress: 'leak@example.com' }),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    const requestId = response.headers['x-request-id'];
    const failures = lines.filter((line) => line.reqId === requestId && Number(line.level) >= 40);
    expect(failures.length).toBeGreaterThan(0);
    expect(JSON.stringify(failures)).toContain('[redacted]');
    for (const secret of ['secret', 'INVITE-SECRET-1234', 'leak@example.com']) expect(text()).not.toContain(secret);
    expect(text()).not.toMatch(/params: (?!\[redacted\])/);
  });
});
