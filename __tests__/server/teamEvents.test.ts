import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { openDatabase } from '../../src/server/db/database';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, move, onDay, teamUser } from './helpers/planning';
import { teamEvents } from '../../src/server/db/schema';
import { join } from './helpers/members';
import { openEventStream, type EventStreamReader } from './helpers/eventStream';

jest.setTimeout(30_000);

const unscheduledPlace = { scope: 1, assignedTimeframe: null };

/**
 * Live updates (GET /v1/teams/active/events): every change to a team reaches its open streams,
 * from the API, from MCP tools, and across instances on PostgreSQL; streams resume and end.
 */
describe('team events', () => {
  let t: TestApp;
  let base: string;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  const streams: EventStreamReader[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await teamUser(t.app, 'events-owner@example.com');
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await t.close();
  });

  const open = async (cookie: string, headers: Record<string, string> = {}, at = base) => {
    const stream = await openEventStream(`${at}/v1/teams/active/events`, { cookie, ...headers });
    streams.push(stream);
    return stream;
  };
  const change = (kind: string) => (message: { event: string; data: unknown }) =>
    message.event === 'change' && (message.data as { kind: string }).kind === kind;

  it('needs a session', async () => {
    const stream = await open('');
    expect(stream.status).toBe(401);
  });

  it("tells a member's open board of another member's item changes at once", async () => {
    const member = await join(t.app, owner.cookie, 'events-member@example.com');
    const stream = await open(member.cookie);
    expect(stream.status).toBe(200);

    const item = await createItem(t.app, owner.cookie, owner.projectId, { item: { description: 'Live one' } });
    // The change carries the new card, so the member's board adds it without reading the board.
    expect((await stream.next(change('items'))).data).toEqual({
      kind: 'items',
      projectId: owner.projectId,
      itemIds: [item.id],
      items: [
        expect.objectContaining({
          id: item.id,
          description: 'Live one',
          projectContexts: [expect.objectContaining({ projectId: owner.projectId, sortKey: expect.any(Number) })],
        }),
      ],
    });
    const completed = await call(t.app, 'PUT', `/v1/teams/active/project-items/all/${item.id}/complete`, {
      cookie: owner.cookie,
      body: { markComplete: true },
      // The tab that made the change is named, so that tab can skip its own change.
      headers: { 'x-baton-client': 'owner-tab-1' },
    });
    expect(completed.statusCode).toBe(200);
    expect((await stream.next(change('items'))).data).toMatchObject({
      kind: 'items',
      itemIds: [item.id],
      items: [{ id: item.id, completionDate: expect.any(String) }],
      origin: 'owner-tab-1',
    });

    // A deleted item is named with nothing carried: the boards drop its card.
    const deleted = await call(t.app, 'DELETE', `/v1/teams/active/project-items/all/${item.id}`, {
      cookie: owner.cookie,
      body: { projectId: owner.projectId },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await stream.next(change('items'))).data).toMatchObject({ itemIds: [item.id], items: [] });

    const renamed = await call(t.app, 'PUT', '/v1/teams/active/name', {
      cookie: owner.cookie,
      body: { newTeamName: 'Renamed live' },
    });
    expect(renamed.statusCode).toBe(200);
    await stream.next(change('team'));
  });

  it("stores a move's event in the move's own transaction: one for a move, none for a refused one", async () => {
    const item = await createItem(t.app, owner.cookie, owner.projectId);
    const stream = await open(owner.cookie);
    const count = async () => (await t.app.db.select().from(teamEvents)).length;
    const before = await count();

    const refused = await move(t.app, owner.cookie, owner.projectId, item.id, {
      newAssignment: onDay(20_800),
      orderUpdate: { leftNeighborId: 'no-such-item' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await count()).toBe(before);

    const moved = await move(t.app, owner.cookie, owner.projectId, item.id, { newAssignment: onDay(20_800) });
    expect(moved.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    const heard = (await stream.next(change('items'))).data as { items: { projectContexts: unknown[] }[] };
    expect(heard).toMatchObject({ kind: 'items', projectId: owner.projectId, itemIds: [item.id] });
    // The move's new place rides on the change, in a few hundred bytes.
    expect(heard.items[0]!.projectContexts).toEqual([
      expect.objectContaining({ projectId: owner.projectId, assignedTimeframe: { span: 0, index: 20_800 } }),
    ]);
    expect(JSON.stringify(heard).length).toBeLessThan(2_048);
  });

  it('hears every writer through the one way in, tagged with the tab that wrote, and nothing of a refused write', async () => {
    const stream = await open(owner.cookie);
    const count = async () => (await t.app.db.select().from(teamEvents)).length;
    const item = await createItem(t.app, owner.cookie, owner.projectId);
    await stream.next(change('items'));
    const member = await join(t.app, owner.cookie, 'events-writers@example.com');
    await stream.next(change('team'));
    const items = '/v1/teams/active/project-items';
    let project = '';
    let inviteCode = '';
    const writes: ['POST' | 'PUT' | 'DELETE', string, () => string, () => unknown, string][] = [
      [
        'PUT',
        'an edit',
        () => `${items}/demos/${item.id}`,
        () => ({ projectId: owner.projectId, item: { description: 'Edited' } }),
        'items',
      ],
      ['PUT', 'a completion', () => `${items}/all/${item.id}/complete`, () => ({ markComplete: true }), 'items'],
      [
        'POST',
        'a split',
        () => `${items}/all/${item.id}/split`,
        () => ({ projectId: owner.projectId, descriptions: ['One', 'Two'] }),
        'items',
      ],
      [
        'POST',
        'a bulk create',
        () => `${items}/all/bulk-create`,
        () => ({
          projectId: owner.projectId,
          items: [{ itemType: 1, item: { description: 'Bulk' }, project: unscheduledPlace }],
        }),
        'items',
      ],
      ['DELETE', 'a delete', () => `${items}/all/${item.id}`, () => ({ projectId: owner.projectId }), 'items'],
      ['POST', 'a new project', () => '/v1/teams/active/projects', () => ({ description: 'Live project' }), 'projects'],
      [
        'PUT',
        'project settings',
        () => `/v1/teams/active/projects/${project}`,
        () => ({ description: 'Live project, renamed' }),
        'projects',
      ],
      ['DELETE', 'a project deleted', () => `/v1/teams/active/projects/${project}`, () => ({}), 'projects'],
      ['PUT', 'a role', () => `/v1/teams/active/members/${member.userId}/role`, () => ({ newRole: 1 }), 'team'],
      ['DELETE', 'a member removed', () => `/v1/teams/active/members/${member.userId}`, () => undefined, 'team'],
      [
        'POST',
        'an invite',
        () => '/v1/teams/active/members',
        () => ({ emailAddress: 'events-invited@example.com', role: 1 }),
        'team',
      ],
      [
        'DELETE',
        'an invite revoked',
        () => '/v1/teams/active/members/invites',
        () => ({ inviteReference: { inviteCode, emailAddress: 'events-invited@example.com' } }),
        'team',
      ],
      ['PUT', 'the team name', () => '/v1/teams/active/name', () => ({ newTeamName: 'Writers' }), 'team'],
      [
        'PUT',
        'the go-to-market plan',
        () => '/v1/teams/active/go-to-market-plan',
        () => ({ goToMarketPlan: { channels: [] } }),
        'team',
      ],
      [
        'PUT',
        'the team data',
        () => '/v1/teams/active/global-team-data',
        () => ({ globalTeamData: { notes: 'x' } }),
        'team',
      ],
    ];
    for (const [method, name, path, body, kind] of writes) {
      const answer = await call(t.app, method, path(), {
        cookie: owner.cookie,
        body: body(),
        headers: { 'x-baton-client': 'writer-tab-1' },
      });
      expect([name, answer.statusCode]).toEqual([name, 200]);
      if (name === 'a new project') project = answer.json().data.id;
      if (name === 'an invite') inviteCode = answer.json().data.inviteCode;
      const heard = await stream.next(
        (message) => change(kind)(message) && (message.data as { origin?: string }).origin === 'writer-tab-1',
      );
      expect(heard.data).toMatchObject({ kind });
    }

    // A stale edit is refused (409) and tells no board.
    const stale = await createItem(t.app, owner.cookie, owner.projectId);
    const edit = (version: number) =>
      call(t.app, 'PUT', `${items}/demos/${stale.id}`, {
        cookie: owner.cookie,
        body: { projectId: owner.projectId, item: { description: `Edit of version ${version}` }, version },
      });
    expect((await edit(1)).statusCode).toBe(200);
    const before = await count();
    expect((await edit(1)).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('resumes after Last-Event-ID, and answers reset when events in between are gone', async () => {
    const first = await open(owner.cookie);
    await createItem(t.app, owner.cookie, owner.projectId);
    const seen = await first.next(change('items'));
    first.close();
    await createItem(t.app, owner.cookie, owner.projectId);
    await createItem(t.app, owner.cookie, owner.projectId);

    const resumed = await open(owner.cookie, { 'last-event-id': seen.id! });
    const missed = [await resumed.next(change('items')), await resumed.next(change('items'))];
    expect(missed.map((message) => Number(message.id))).toEqual(
      [...missed.map((message) => Number(message.id))].sort((a, b) => a - b),
    );
    expect(Number(missed[0]!.id)).toBeGreaterThan(Number(seen.id));

    await t.app.db.execute(`delete from team_events` as never);
    const late = await open(owner.cookie, { 'last-event-id': seen.id! });
    expect((await late.next()).event).toBe('reset');
  });

  it("ends a removed member's stream with removed", async () => {
    const member = await join(t.app, owner.cookie, 'events-leaver@example.com');
    const stream = await open(member.cookie);
    const removed = await call(t.app, 'DELETE', `/v1/teams/active/members/${member.userId}`, { cookie: owner.cookie });
    expect(removed.statusCode).toBe(200);
    expect((await stream.next((message) => message.event === 'removed')).event).toBe('removed');
    await stream.ended;
  });

  it('does not tell another team', async () => {
    const stranger = await teamUser(t.app, 'events-stranger@example.com');
    const stream = await open(stranger.cookie);
    await createItem(t.app, owner.cookie, owner.projectId);
    await expect(stream.next(change('items'), 500)).rejects.toThrow('no matching event');
  });

  it('tells the boards of changes an MCP client makes', async () => {
    const token = await call(t.app, 'POST', '/v1/teams/active/mcp/tokens', {
      cookie: owner.cookie,
      body: { name: 'agent', scopes: ['items:read', 'items:write'], expiresInDays: 1 },
    });
    const stream = await open(owner.cookie);
    const client = new Client({ name: 'events', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp/token`), {
        requestInit: { headers: { authorization: `Bearer ${token.json().data.token}` } },
      }),
    );
    try {
      await client.callTool({ name: 'save_item', arguments: { kind: 'demo', description: 'From an agent' } });
      expect((await stream.next(change('items'))).data).toMatchObject({ projectId: owner.projectId });
    } finally {
      await client.close();
    }
  });

  (onPostgres() ? it : it.skip)('crosses instances on PostgreSQL', async () => {
    const database = await openDatabase({ kind: 'postgres', url: t.databaseUrl! }, { migrate: false });
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      clientDistDir: '/nonexistent-baton-dist',
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const stream = await open(owner.cookie, {}, `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`);
      await createItem(t.app, owner.cookie, owner.projectId);
      await stream.next(change('items'), 1_000);
      stream.close();
    } finally {
      await second.close();
      await database.close();
    }
  });
});

/** Whether the suite runs on PostgreSQL (npm run test:pg), where a second instance can share the database. */
function onPostgres() {
  return Boolean(process.env.TEST_DATABASE_URL);
}
