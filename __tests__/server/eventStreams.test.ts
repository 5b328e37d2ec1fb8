import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { and, eq, max } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, teamUser } from './helpers/planning';
import { join, putPlan } from './helpers/members';
import { liveStreams, memberships, sessions, teamEvents } from '../../src/server/db/schema';
import { openEventStream, type EventStreamReader } from './helpers/eventStream';
import { MAX_STREAMS_PER_USER } from '../../src/server/plugins/liveStreams';

jest.setTimeout(40_000);

/** The life of a live-event stream: who may open one, how many, from where it resumes, and what ends it. */
describe('live-event streams', () => {
  let t: TestApp;
  let base: string;
  // Another instance on the same database, as behind a load balancer.
  let other: FastifyInstance;
  let otherBase: string;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  const streams: EventStreamReader[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    other = await t.anotherInstance();
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    owner = await teamUser(t.app, 'streams-owner@example.com');
    await putPlan(t.app, owner.cookie, 'business');
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await t.close();
  });

  const open = async (cookie: string, headers: Record<string, string> = {}, on = base) => {
    const stream = await openEventStream(`${on}/v1/teams/active/events`, { cookie, ...headers });
    streams.push(stream);
    return stream;
  };
  const latestEventId = async () =>
    (
      await t.app.db
        .select({ id: max(teamEvents.id) })
        .from(teamEvents)
        .where(eq(teamEvents.teamId, owner.teamId))
    )[0]!.id ?? 0;
  const items = (message: { event: string; data: unknown }) =>
    message.event === 'change' && (message.data as { kind: string }).kind === 'items';

  it('refuses a Last-Event-ID that is not an event id with 400, naming the header', async () => {
    for (const lastEventId of ['1\u0000', 'abc', '-1', '1'.repeat(16), '', '1e3', '\ud800']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/v1/teams/active/events',
        headers: { cookie: owner.cookie, 'last-event-id': lastEventId },
      });
      expect([lastEventId, response.statusCode, response.json().result]).toEqual([lastEventId, 400, 'InvalidRequest']);
      expect(response.json().message).toMatch(/^Last-Event-ID /);
    }
    const overHttp = await open(owner.cookie, { 'last-event-id': 'x' });
    expect(overHttp.status).toBe(400);
  });

  it('ends the open streams of a session when it signs out, and only those', async () => {
    const member = await join(t.app, owner.cookie, 'streams-signout@example.com');
    const mine = await open(member.cookie);
    const owners = await open(owner.cookie);
    expect([mine.status, owners.status]).toEqual([200, 200]);
    expect((await call(t.app, 'POST', '/v1/auth/sign-out', { cookie: member.cookie })).statusCode).toBe(200);
    await mine.ended;
    await createItem(t.app, owner.cookie, owner.projectId);
    await owners.next(items);
  });

  it('ends the streams of a session signed out on another instance at once, not at the next heartbeat', async () => {
    const member = await join(t.app, owner.cookie, 'streams-elsewhere@example.com');
    const stream = await open(member.cookie);
    const startedWaiting = Date.now();
    expect((await call(other, 'POST', '/v1/auth/sign-out', { cookie: member.cookie })).statusCode).toBe(200);
    await stream.ended;
    // The default heartbeat is 15 s: ending well before it, the stream heard of the sign-out.
    expect(Date.now() - startedWaiting).toBeLessThan(7_500);
  });

  it('ends a stream at its heartbeat when its session or membership went without a word', async () => {
    const HEARTBEAT_SECONDS = 0.3;
    const quick = await buildTestApp({ LIVE_EVENTS_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) });
    try {
      await quick.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(quick.app.server.address() as AddressInfo).port}/v1/teams/active/events`;
      const lead = await teamUser(quick.app, 'quiet-owner@example.com');
      const signedOut = await join(quick.app, lead.cookie, 'quiet-signed-out@example.com');
      const removed = await join(quick.app, lead.cookie, 'quiet-removed@example.com');
      const streamOfSignedOut = await openEventStream(url, { cookie: signedOut.cookie });
      const streamOfRemoved = await openEventStream(url, { cookie: removed.cookie });
      streams.push(streamOfSignedOut, streamOfRemoved);
      // Rows deleted with no notification and no event, as a restore or a hand edit might.
      await quick.app.db.delete(sessions).where(eq(sessions.userId, signedOut.userId));
      await quick.app.db
        .delete(memberships)
        .where(and(eq(memberships.userId, removed.userId), eq(memberships.teamId, lead.teamId)));
      const startedWaiting = Date.now();
      await Promise.all([streamOfSignedOut.ended, streamOfRemoved.ended]);
      expect(Date.now() - startedWaiting).toBeLessThan((HEARTBEAT_SECONDS + 5) * 1000);
    } finally {
      await quick.close();
    }
  });

  it(`caps one user at ${MAX_STREAMS_PER_USER} open streams on all instances with a clear 429; closing one makes room`, async () => {
    const busy = await teamUser(t.app, 'streams-busy@example.com');
    const held: EventStreamReader[] = [];
    for (let n = 0; n < MAX_STREAMS_PER_USER; n++) held.push(await open(busy.cookie, {}, n % 2 ? otherBase : base));
    expect(held.every((stream) => stream.status === 200)).toBe(true);

    for (const instance of [t.app, other]) {
      const refused = await instance.inject({
        method: 'GET',
        url: '/v1/teams/active/events',
        headers: { cookie: busy.cookie },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        result: 'Failed',
        message: `Too many live-update streams are open for your account (at most ${MAX_STREAMS_PER_USER}); close some Baton tabs and reload.`,
      });
    }
    // Another user is not affected.
    expect((await open(owner.cookie)).status).toBe(200);

    // A place freed on one instance is taken on the other.
    held[0]!.close();
    let reopened: EventStreamReader | undefined;
    for (let attempt = 0; attempt < 50 && reopened?.status !== 200; attempt++) {
      reopened?.close();
      await new Promise((resolve) => setTimeout(resolve, 20));
      reopened = await open(busy.cookie, {}, otherBase);
    }
    expect(reopened!.status).toBe(200);
  });

  it('no longer counts streams an instance left unseen for three heartbeats (it stopped without closing them)', async () => {
    const user = await teamUser(t.app, 'streams-left@example.com');
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    const longAgo = new Date(Date.now() - 3_600_000);
    await t.app.db.insert(liveStreams).values(
      Array.from({ length: MAX_STREAMS_PER_USER }, (_, n) => ({
        id: `left-${n}`,
        userId: user.userId,
        sessionId: session!.id,
        seenAt: longAgo,
      })),
    );
    expect((await open(user.cookie)).status).toBe(200);
    expect(await t.app.db.select().from(liveStreams).where(eq(liveStreams.userId, user.userId))).toHaveLength(1);
  });

  it('does not replay events from before a member joined; resumes theirs from after', async () => {
    await createItem(t.app, owner.cookie, owner.projectId, { item: { description: 'Before the member' } });
    const beforeJoining = await latestEventId();
    const member = await join(t.app, owner.cookie, 'streams-newcomer@example.com');

    const fromBefore = await open(member.cookie, { 'last-event-id': String(beforeJoining - 1) });
    expect(fromBefore.status).toBe(200);
    expect((await fromBefore.next()).event).toBe('reset');
    fromBefore.close();

    const joinedAt = await latestEventId();
    await createItem(t.app, owner.cookie, owner.projectId, { item: { description: 'After the member' } });
    const fromAfter = await open(member.cookie, { 'last-event-id': String(joinedAt) });
    const first = await fromAfter.next();
    expect(first.event).toBe('change');
    expect(Number(first.id)).toBeGreaterThan(joinedAt);
  });
});
