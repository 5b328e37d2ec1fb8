import { buildApp } from '../../src/server/app';
import { ConfigError, loadConfig } from '../../src/server/config/config';
import { rateLimitCounters } from '../../src/server/db/schema';
import { leaseSize } from '../../src/server/plugins/rateLimitStore';
import { sweepExpiredCounters } from '../../src/server/repositories/rateLimitCounters';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, signInAs, TestClock, type TestApp } from './helpers/testApp';
import { openTestDatabase } from './helpers/testDatabase';
import { teamUser } from './helpers/planning';
import { Writable } from 'node:stream';

const validateInvite = (app: FastifyInstance, remoteAddress = '203.0.113.7', headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/v1/auth/validate-invite',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ inviteCode: `guess-${Math.random()}`, emailAddress: 'guesser@example.com' }),
  });

// Several tests build their own app, slow on a busy machine.
jest.setTimeout(30_000);

describe('rate limits', () => {
  // One database for the tests whose counts cannot meet (each counts its own addresses and users); each
  // builds an instance on it with its limits, which costs far less than a database each.
  let shared: TestApp;
  beforeAll(async () => {
    shared = await buildTestApp();
  });
  afterAll(() => shared.close());
  // Small limits, so each is reached in a few calls; the defaults are checked in the last test.
  describe('per address on invite validation and sign-in', () => {
    const LIMIT = 4;
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await shared.anotherInstance({
        RATE_LIMIT_INVITE_VALIDATION: `${LIMIT}/600`,
        RATE_LIMIT_SIGN_IN: `${LIMIT}/60`,
      });
    });

    it(`answers ${LIMIT} invite-code guesses from one address, then 429 with Retry-After to every other`, async () => {
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof validateInvite>> | undefined;
      for (let guess = 0; guess < LIMIT + 10; guess++) {
        const response = await validateInvite(app);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) refused ??= response;
      }
      expect(statuses.filter((status) => status !== 429)).toHaveLength(LIMIT);
      expect(statuses.slice(0, LIMIT).every((status) => status === 404)).toBe(true);
      expect(refused).toBeDefined();
      const retryAfter = Number(refused!.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(refused!.json()).toEqual({
        result: 'Failed',
        message: `Too many requests; try again in ${retryAfter} seconds.`,
      });
      expect(refused!.headers['ratelimit-limit']).toBe(String(LIMIT));
      expect(refused!.headers['ratelimit-remaining']).toBe('0');
      expect(refused!.headers['ratelimit-reset']).toBe(String(retryAfter));
    });

    it('counts each address apart', async () => {
      const response = await validateInvite(app, '198.51.100.20');
      expect(response.statusCode).toBe(404);
      expect(response.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    });

    it('counts an IPv6 /64 as one address', async () => {
      for (let i = 0; i < LIMIT; i++) {
        expect((await validateInvite(app, `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(404);
      }
      expect((await validateInvite(app, '2001:db8:1:2:ffff::1')).statusCode).toBe(429);
      expect((await validateInvite(app, '2001:db8:1:3::1')).statusCode).toBe(404);
    });

    it('answers again once the window has passed', async () => {
      expect((await validateInvite(app)).statusCode).toBe(429);
      shared.clock.advance(600_000);
      expect((await validateInvite(app)).statusCode).toBe(404);
    });

    it('limits sign-in per address, whatever the body', async () => {
      const signIn = (remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/v1/auth/test-authenticate',
          remoteAddress,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ emailAddress: 'a\u0000b' }),
        });
      for (let i = 0; i < LIMIT; i++) expect((await signIn('192.0.2.50')).statusCode).not.toBe(429);
      const refused = await signIn('192.0.2.50');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().result).toBe('Failed');
      // Another limit, another count: invite validation from the same address still answers.
      expect((await validateInvite(app, '192.0.2.50')).statusCode).toBe(404);
    });

    it("counts Apple's form_post callback as sign-in", async () => {
      const callback = () =>
        app.inject({
          method: 'POST',
          url: '/auth/apple',
          remoteAddress: '192.0.2.60',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'code=abc&state=xyz',
        });
      for (let i = 0; i < LIMIT; i++) expect((await callback()).statusCode).toBe(303);
      expect((await callback()).statusCode).toBe(429);
    });
  });

  it('takes the address from X-Forwarded-For behind a proxy (PUBLIC_URL https)', async () => {
    const app = await shared.anotherInstance({
      PUBLIC_URL: 'https://baton.example',
      RATE_LIMIT_INVITE_VALIDATION: '2/60',
    });
    const from = (address: string) => validateInvite(app, '10.0.0.1', { 'x-forwarded-for': address });
    expect((await from('203.0.113.1')).statusCode).toBe(404);
    expect((await from('203.0.113.1')).statusCode).toBe(404);
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    expect((await from('203.0.113.2')).statusCode).toBe(404);
    // A client's own X-Forwarded-For entries (the proxy appends the address it saw) change nothing.
    expect((await from(`198.51.100.${Math.floor(Math.random() * 250)}, 203.0.113.2`)).statusCode).toBe(404);
    expect((await from(`198.51.100.${Math.floor(Math.random() * 250)}, 203.0.113.2`)).statusCode).toBe(429);
  });

  it('trusts as many proxies as TRUST_PROXY_HOPS says', async () => {
    const app = await shared.anotherInstance({
      PUBLIC_URL: 'https://baton.example',
      TRUST_PROXY_HOPS: '2',
      RATE_LIMIT_INVITE_VALIDATION: '1/60',
    });
    const from = (forwarded: string) => validateInvite(app, '10.0.0.1', { 'x-forwarded-for': forwarded });
    // A CDN (appending 203.0.113.9) in front of a load balancer (appending the CDN's 10.1.1.1).
    expect((await from('6.6.6.6, 203.0.113.9, 10.1.1.1')).statusCode).toBe(404);
    expect((await from('7.7.7.7, 203.0.113.9, 10.1.1.1')).statusCode).toBe(429);
    expect((await from('203.0.113.10, 10.1.1.1')).statusCode).toBe(404);
  });

  describe('per user on reads', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await shared.anotherInstance({ RATE_LIMIT_WRITES: '5/60', RATE_LIMIT_READS: '8/60' });
    });

    it('counts the board query under reads: a burst of writes at the write limit leaves the board answering', async () => {
      const u = await teamUser(app, 'burst@example.com');
      const write = () =>
        call(app, 'PUT', '/v1/user/app-settings', { cookie: u.cookie, body: { appSettings: { theme: 'dark' } } });
      const board = () =>
        call(app, 'POST', `/v1/teams/active/projects/${u.projectId}/all/query`, { cookie: u.cookie, body: {} });
      const writes: number[] = [];
      for (let i = 0; i < 10; i++) writes.push((await write()).statusCode);
      expect(writes.filter((status) => status === 429)).toHaveLength(5);

      const first = await board();
      expect(first.statusCode).toBe(200);
      expect(first.headers['ratelimit-limit']).toBe('8');
      expect(first.headers['ratelimit-remaining']).toBe('7');
      // The read limit holds on its own: a runaway reader is refused too, and its refusals leave writes alone.
      const reads: number[] = [];
      for (let i = 0; i < 9; i++) reads.push((await board()).statusCode);
      expect(reads.filter((status) => status === 429)).toHaveLength(2);
      shared.clock.advance(60_000);
      expect((await write()).statusCode).toBe(200);
      expect((await board()).statusCode).toBe(200);
    });
  });

  it('MCP answers carry RateLimit-* like every counted request, refused or not', async () => {
    const app = await shared.anotherInstance({ RATE_LIMIT_MCP: '3/60' });
    const u = await teamUser(app, 'mcp-limits@example.com');
    const made = await call(app, 'POST', '/v1/teams/active/mcp/tokens', {
      cookie: u.cookie,
      body: { name: 'Limits', scopes: ['items:read'], expiresInDays: 1 },
    });
    const mcp = (authorization: string) =>
      app.inject({
        method: 'POST',
        url: '/mcp/token',
        remoteAddress: '198.51.100.77',
        headers: {
          host: 'localhost',
          authorization,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    const answered = await mcp(`Bearer ${made.json().data.token}`);
    expect(answered.statusCode).toBe(200);
    expect([answered.headers['ratelimit-limit'], answered.headers['ratelimit-remaining']]).toEqual(['3', '2']);
    expect(Number(answered.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const unauthorized = await mcp('Bearer not-a-token');
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['ratelimit-remaining']).toBe('1');
    await mcp('Bearer not-a-token');
    const refused = await mcp(`Bearer ${made.json().data.token}`);
    expect(refused.statusCode).toBe(429);
    expect([refused.headers['ratelimit-limit'], refused.headers['ratelimit-remaining']]).toEqual(['3', '0']);
  });

  it('OAuth answers carry RateLimit-* too, refused or not', async () => {
    const app = await shared.anotherInstance({ RATE_LIMIT_OAUTH: '2/60' });
    const token = () =>
      app.inject({
        method: 'POST',
        url: '/oauth/token',
        remoteAddress: '198.51.100.78',
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=authorization_code&code=guess&client_id=nobody',
      });
    const answered = await token();
    expect(answered.statusCode).toBeGreaterThanOrEqual(400);
    expect(answered.statusCode).toBeLessThan(429);
    expect([answered.headers['ratelimit-limit'], answered.headers['ratelimit-remaining']]).toEqual(['2', '1']);
    expect(Number(answered.headers['ratelimit-reset'])).toBeGreaterThan(0);
    await token();
    const refused = await token();
    expect(refused.statusCode).toBe(429);
    expect([refused.headers['ratelimit-limit'], refused.headers['ratelimit-remaining']]).toEqual(['2', '0']);
  });

  describe('per user on writes', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await shared.anotherInstance({ RATE_LIMIT_WRITES: '5/60' });
    });

    it('refuses the sixth write in a minute with 429, leaves reads and other users alone', async () => {
      const { cookie } = await signInAs(app, 'busy@example.com');
      const write = (who: string) =>
        call(app, 'PUT', '/v1/user/app-settings', { cookie: who, body: { appSettings: { theme: 'dark' } } });
      const remaining: string[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await write(cookie);
        expect(response.statusCode).toBe(200);
        remaining.push(String(response.headers['ratelimit-remaining']));
      }
      expect(remaining).toEqual(['4', '3', '2', '1', '0']);
      const refused = await write(cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({ result: 'Failed', message: 'Too many requests; try again in 60 seconds.' });

      expect((await call(app, 'GET', '/v1/user/core-application-context', { cookie })).statusCode).toBe(200);
      const other = await signInAs(app, 'calm@example.com');
      expect((await write(other.cookie)).statusCode).toBe(200);

      shared.clock.advance(60_000);
      expect((await write(cookie)).statusCode).toBe(200);
    });

    it('does not count calls without a session against anyone', async () => {
      const response = await call(app, 'PUT', '/v1/user/app-settings', { body: { appSettings: {} } });
      expect(response.statusCode).toBe(401);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    });
  });

  describe('refusals in the log', () => {
    const lines: { msg?: string; rateLimit?: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const refusalLines = () => lines.filter((line) => line.msg?.startsWith('rate limit reached'));
    let app: Awaited<ReturnType<typeof buildApp>>;
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    const clock = new TestClock();
    beforeAll(async () => {
      database = await openTestDatabase();
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_WRITES: '5/60' });
      app = await buildApp({ config, database, clock, logStream: stream, clientDistDir: '/nonexistent' });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.drop();
    });

    it('logs one line per caller and window, however many requests are refused', async () => {
      const write = (cookie: string) =>
        call(app, 'PUT', '/v1/user/app-settings', { cookie, body: { appSettings: { theme: 'dark' } } });
      const { cookie } = await signInAs(app, 'flood@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 35; i++) statuses.push((await write(cookie)).statusCode);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
      expect(refusalLines()).toHaveLength(1);
      expect(refusalLines()[0]).toMatchObject({ rateLimit: 'writes', retryAfterSeconds: 60 });

      // Another caller is logged on its own; the next window logs the flooding caller again, once.
      const other = await signInAs(app, 'other-flood@example.com');
      for (let i = 0; i < 8; i++) await write(other.cookie);
      expect(refusalLines()).toHaveLength(2);
      clock.advance(60_000);
      for (let i = 0; i < 20; i++) await write(cookie);
      expect(refusalLines()).toHaveLength(3);
    });
  });

  it('shares counts between instances on one database (limits up to 100 are counted hit by hit)', async () => {
    const limits = { RATE_LIMIT_INVITE_VALIDATION: '3/60' };
    const first = await shared.anotherInstance(limits);
    const second = await shared.anotherInstance(limits);
    const guess = (app: FastifyInstance) => validateInvite(app, '203.0.113.99');
    expect((await guess(first)).statusCode).toBe(404);
    expect((await guess(second)).statusCode).toBe(404);
    expect((await guess(first)).statusCode).toBe(404);
    expect((await guess(second)).statusCode).toBe(429);
    expect((await guess(first)).statusCode).toBe(429);
  });

  it('reserves hits of a large limit a lease at a time: two instances together never pass the limit', async () => {
    // The smallest limit counted by leases (of 3): the rules of the default 1200/60, with 110 writes and a few more.
    const limits = { RATE_LIMIT_WRITES: '101/60' };
    const first = await shared.anotherInstance(limits);
    const second = await shared.anotherInstance(limits);
    const lease = leaseSize(101);
    expect(lease).toBe(3);
    const { cookie, context } = await signInAs(first, 'leases@example.com');
    const write = (app: FastifyInstance) =>
      call(app, 'PUT', '/v1/user/app-settings', { cookie, body: { appSettings: { theme: 'dark' } } });
    const counted = async () =>
      (await first.db.select().from(rateLimitCounters)).find(
        (row) => row.key === `writes:${context.userContext.userId}`,
      )?.hits ?? 0;

    // Mostly on the first instance, now and then on the second, as a load balancer might spread them.
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++) statuses.push((await write(i % 7 === 0 ? second : first)).statusCode);
    const accepted = statuses.filter((status) => status === 200).length;
    expect(accepted).toBeLessThanOrEqual(101);
    expect(accepted).toBeGreaterThanOrEqual(101 - lease);
    // The other instance may still hand out hits it reserved after this one refuses: only the sum is bounded.
    expect(statuses.filter((status) => status === 429)).toHaveLength(110 - accepted);
    // One counting statement per lease, and none for the refusals once both leases are past the limit.
    const reserved = await counted();
    expect(reserved).toBeLessThanOrEqual(101 + 2 * lease);
    for (let i = 0; i < 6; i++) expect((await write(i % 2 ? first : second)).statusCode).toBe(429);
    expect(await counted()).toBe(reserved);

    shared.clock.advance(60_000);
    expect((await write(second)).statusCode).toBe(200);
    expect(await counted()).toBe(lease);
  });

  it('can be turned off', async () => {
    const app = await shared.anotherInstance({ RATE_LIMIT_ENABLED: 'false', RATE_LIMIT_INVITE_VALIDATION: '1/60' });
    for (let i = 0; i < 5; i++) expect((await validateInvite(app)).statusCode).toBe(404);
  });

  it('sweeps counters whose window has ended', async () => {
    const t = await buildTestApp();
    try {
      await validateInvite(t.app, '203.0.113.5');
      await signInAs(t.app, 'sweep@example.com');
      const count = async () => (await t.app.db.select().from(rateLimitCounters)).length;
      expect(await count()).toBe(2);
      await sweepExpiredCounters(t.app.db, new Date(t.clock.now().getTime() + 61_000));
      expect(await count()).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('refuses a malformed limit at boot, naming the variable', () => {
    expect(() => loadConfig({ RATE_LIMIT_WRITES: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_WRITES: '0/60' })).toThrow(/RATE_LIMIT_WRITES/);
    expect(loadConfig({ RATE_LIMIT_WRITES: '100/30' }).rateLimits.limits.writes).toEqual({
      max: 100,
      windowSeconds: 30,
    });
    expect(loadConfig({}).rateLimits.limits.signIn).toEqual({ max: 30, windowSeconds: 60 });
    expect(loadConfig({}).rateLimits.limits.inviteValidation).toEqual({ max: 30, windowSeconds: 600 });
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ PUBLIC_URL: 'https://baton.example' }).trustProxyHops).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '-1' })).toThrow(/TRUST_PROXY_HOPS/);
  });
});
