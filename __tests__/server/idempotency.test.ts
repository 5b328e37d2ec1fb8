import { count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { idempotencyKeys, invites, items, projects } from '../../src/server/db/schema';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import databasePlugin from '../../src/server/plugins/database';
import envelope from '../../src/server/plugins/envelope';
import idempotency from '../../src/server/plugins/idempotency';
import { ApiError } from '../../src/server/errors';
import { users } from '../../src/server/db/schema';
import { buildTestApp, signInAs, TestClock, type TestApp } from './helpers/testApp';
import { openTestDatabase } from './helpers/testDatabase';
import { teamUser, unscheduled } from './helpers/planning';
import { putPlan } from './helpers/members';

// The concurrent test makes 20 calls at once; a busy machine needs more than jest's 5 s.
jest.setTimeout(30_000);

const ITEMS = '/v1/teams/active/project-items';

describe('Idempotency-Key on creating calls', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    u = await teamUser(t.app, 'idem@example.com');
    await putPlan(t.app, u.cookie, 'business');
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, key?: string, cookie = u.cookie) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: JSON.stringify(body),
    });
  const itemCount = async () =>
    (await t.app.db.select({ n: count() }).from(items).where(eq(items.teamId, u.teamId)))[0]!.n;
  const demo = (description = 'Write the plan') => ({
    projectId: u.projectId,
    project: unscheduled(),
    item: { description },
  });

  it('makes exactly one item of 20 concurrent identical calls with one key', async () => {
    const before = await itemCount();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(`${ITEMS}/demos`, demo('Once'), key)));
    expect(await itemCount()).toBe(before + 1);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((answer) => answer.json().data.id)).size).toBe(1);
    for (const busy of answers.filter((answer) => answer.statusCode === 409)) {
      expect(busy.json()).toEqual({
        result: 'Failed',
        message: 'A request with this Idempotency-Key is still in progress; try again in a moment.',
      });
      expect(busy.headers['retry-after']).toBe('1');
    }
    // Once the first call has answered, every retry replays it.
    const retry = await post(`${ITEMS}/demos`, demo('Once'), key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(ok[0]!.json());
    expect(await itemCount()).toBe(before + 1);
  });

  it('replays the stored status and body, marked as a replay', async () => {
    const key = randomUUID();
    const first = await post(`${ITEMS}/implementations`, demo('Replayed'), key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await itemCount();
    const again = await post(`${ITEMS}/implementations`, demo('Replayed'), key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await itemCount()).toBe(before);
  });

  it('refuses the same key with another body (422 naming the header) and writes nothing', async () => {
    const key = randomUUID();
    expect((await post(`${ITEMS}/demos`, demo('First'), key)).statusCode).toBe(200);
    const before = await itemCount();
    const other = await post(`${ITEMS}/demos`, demo('Something else'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().result).toBe('InvalidRequest');
    expect(other.json().message).toMatch(/^Idempotency-Key /);
    // Another route with the same key and body is another request, too.
    expect((await post(`${ITEMS}/gtm`, demo('First'), key)).statusCode).toBe(422);
    expect(await itemCount()).toBe(before);
  });

  it('keeps keys per user', async () => {
    const key = randomUUID();
    const other = await signInAs(t.app, 'other-idem@example.com');
    const body = { description: 'Same key' };
    const mine = await post('/v1/teams/active/projects', body, key);
    const theirs = await post('/v1/teams/active/projects', body, key, other.cookie);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((await t.app.db.select().from(projects).where(eq(projects.description, 'Same key'))).length).toBe(2);
  });

  it('keeps a key 24 hours; after that the same key creates again', async () => {
    const key = randomUUID();
    const body = { description: 'Kept a day' };
    expect((await post('/v1/teams/active/projects', body, key)).statusCode).toBe(200);
    t.clock.advance(23 * 60 * 60 * 1000);
    expect((await post('/v1/teams/active/projects', body, key)).headers['idempotent-replayed']).toBe('true');
    t.clock.advance(2 * 60 * 60 * 1000);
    const later = await post('/v1/teams/active/projects', body, key);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect((await t.app.db.select().from(projects).where(eq(projects.description, 'Kept a day'))).length).toBe(2);
  });

  it('covers bulk-create, split and invites', async () => {
    const bulkKey = randomUUID();
    const bulk = {
      projectId: u.projectId,
      items: [{ itemType: 1, project: unscheduled(), item: { description: 'B' } }],
    };
    const created = await post(`${ITEMS}/all/bulk-create`, bulk, bulkKey);
    expect(created.statusCode).toBe(200);
    const before = await itemCount();
    expect((await post(`${ITEMS}/all/bulk-create`, bulk, bulkKey)).headers['idempotent-replayed']).toBe('true');

    const id = created.json().data.items[0].id as string;
    const split = { projectId: u.projectId, descriptions: ['B one', 'B two'] };
    const splitKey = randomUUID();
    expect((await post(`${ITEMS}/all/${id}/split`, split, splitKey)).statusCode).toBe(200);
    expect((await post(`${ITEMS}/all/${id}/split`, split, splitKey)).headers['idempotent-replayed']).toBe('true');
    expect(await itemCount()).toBe(before + 1);

    const inviteKey = randomUUID();
    const invite = { emailAddress: 'invitee@example.com', role: 1 };
    const first = await post('/v1/teams/active/members', invite, inviteKey);
    expect(first.statusCode).toBe(200);
    const again = await post('/v1/teams/active/members', invite, inviteKey);
    expect(again.body).toBe(first.body);
    expect((await t.app.db.select().from(invites).where(eq(invites.emailAddress, 'invitee@example.com'))).length).toBe(
      1,
    );
  });

  it('replays a refusal too', async () => {
    const key = randomUUID();
    const unknown = { projectId: u.projectId, descriptions: ['a', 'b'] };
    const missing = await post(`${ITEMS}/all/00000000-0000-4000-8000-000000000000/split`, unknown, key);
    expect([400, 404]).toContain(missing.statusCode);
    const again = await post(`${ITEMS}/all/00000000-0000-4000-8000-000000000000/split`, unknown, key);
    expect(again.statusCode).toBe(missing.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('works as before without the header', async () => {
    const before = await itemCount();
    expect((await post(`${ITEMS}/demos`, demo('No key'))).statusCode).toBe(200);
    expect((await post(`${ITEMS}/demos`, demo('No key'))).statusCode).toBe(200);
    expect(await itemCount()).toBe(before + 2);
  });

  it('refuses a key that is empty, too long or not printable, naming the header', async () => {
    const before = await itemCount();
    for (const key of ['', 'k'.repeat(256), 'tab\there', 'naïve']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${ITEMS}/demos`,
        headers: {
          'content-type': 'application/json',
          cookie: u.cookie,
          'idempotency-key': Buffer.from(key, 'latin1').toString('latin1'),
        },
        payload: JSON.stringify(demo('Bad key')),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().result).toBe('InvalidRequest');
      expect(response.json().message).toMatch(/idempotency-key/i);
    }
    expect((await post(`${ITEMS}/demos`, demo('Long key'), 'k'.repeat(255))).statusCode).toBe(200);
    expect(await itemCount()).toBe(before + 1);
  });

  it('keeps nothing for calls without the header and stores keys only per user', async () => {
    const rows = await t.app.db.select().from(idempotencyKeys);
    expect(rows.every((row) => row.responseStatus !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(2);
  });

  it('documents the header on the creating operations only', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; parameters?: { in: string; name: string }[] }>>;
    };
    const withHeader = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .filter((operation) => operation.parameters?.some((p) => p.in === 'header' && /^idempotency-key$/i.test(p.name)))
      .map((operation) => operation.operationId)
      .sort();
    expect(withHeader).toEqual(
      [
        'addItemComment',
        'bulkCreateProjectItems',
        'createContextItem',
        'createDemo',
        'createGoToMarketItem',
        'createImplementation',
        'createProject',
        'createTeam',
        'inviteTeamMember',
        'saveAssessment',
        'sendToAgent',
        'splitProjectItem',
      ].sort(),
    );
  });
});

describe('Idempotency-Key after a failure worth retrying', () => {
  it('gives the key back on 5xx, so the retry runs the call again', async () => {
    const database = await openTestDatabase();
    const app = Fastify();
    try {
      await database.db.insert(users).values({ id: 'u1', emailAddress: 'u1@example.com' });
      await app.register(databasePlugin, { database, clock: new TestClock() });
      await app.register(envelope);
      // Stands in for the session plugin: every call is user u1's.
      await app.register(
        fp(
          async (instance) => {
            instance.decorateRequest('auth', null);
            instance.addHook('preHandler', async (request) => {
              request.auth = {
                sessionId: 's',
                userId: 'u1',
                emailAddress: 'u1@example.com',
                activeTeamId: null,
                role: null,
              };
            });
          },
          { name: 'session' },
        ),
      );
      await app.register(idempotency);
      let calls = 0;
      app.post('/create', { config: { idempotent: true } }, async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('Failed', 'The database is away', 503);
        return { result: 'Ok', data: { n: calls } };
      });
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/create',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'retry-me' },
          payload: '{}',
        });
      expect((await send()).statusCode).toBe(503);
      const retried = await send();
      expect(retried.statusCode).toBe(200);
      expect(retried.json().data).toEqual({ n: 2 });
      const replayed = await send();
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.json().data).toEqual({ n: 2 });
      expect(calls).toBe(2);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
