import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, teamUser } from './helpers/planning';
import { join } from './helpers/members';

jest.setTimeout(30_000);

const ITEMS = '/v1/teams/active/project-items';

describe('finding items across the team', () => {
  let t: TestApp;
  let ann: Awaited<ReturnType<typeof teamUser>>;
  let otherProjectId: string;
  const keys: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    ann = await teamUser(t.app, 'ann@example.com');
    const project = await call(t.app, 'POST', '/v1/teams/active/projects', {
      cookie: ann.cookie,
      body: { description: 'Mobile' },
    });
    otherProjectId = project.json().data.id;
    for (const [name, projectId, description] of [
      ['login', ann.projectId, 'Login with passkeys\nDetails about the browser'],
      ['offline', otherProjectId, 'Offline mode for the phone app'],
      ['gone', ann.projectId, 'Passkey recovery'],
    ] as const) {
      const created = await createItem(t.app, ann.cookie, projectId, { item: { description } });
      keys[name] = created.externalId;
      ids[name] = created.id;
    }
    const deleted = await call(t.app, 'DELETE', `${ITEMS}/all/${ids.gone}`, {
      cookie: ann.cookie,
      body: { projectId: ann.projectId },
    });
    expect(deleted.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const search = (cookie: string, query: string) =>
    call(t.app, 'GET', `${ITEMS}/search?query=${encodeURIComponent(query)}`, { cookie });
  const locate = (cookie: string, key: string) =>
    call(t.app, 'GET', `${ITEMS}/keys/${encodeURIComponent(key)}`, { cookie });

  it('finds items by words of the title in every project of the team, with the projects they are on', async () => {
    const answer = await search(ann.cookie, 'offline pho');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.items).toEqual([
      {
        id: ids.offline,
        externalId: keys.offline,
        itemType: 1,
        description: 'Offline mode for the phone app',
        completionDate: null,
        projectIds: [otherProjectId],
      },
    ]);
    const passkeys = (await search(ann.cookie, 'passkeys')).json().data.items;
    // The card's title only: the rest of the description stays with the whole item.
    expect(passkeys).toEqual([expect.objectContaining({ id: ids.login, description: 'Login with passkeys' })]);
  });

  it('finds an item by its key or its number first', async () => {
    const byKey = (await search(ann.cookie, keys.offline!.toLowerCase())).json().data.items;
    expect(byKey[0].id).toBe(ids.offline);
    const byNumber = (await search(ann.cookie, keys.login!.split('-')[1]!)).json().data.items;
    expect(byNumber[0].id).toBe(ids.login);
  });

  it('refuses an empty or overlong query and finds nothing of another team', async () => {
    expect((await search(ann.cookie, '')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${ITEMS}/search`, { cookie: ann.cookie })).statusCode).toBe(400);
    expect((await search(ann.cookie, 'x'.repeat(201))).statusCode).toBe(400);
    const bob = await teamUser(t.app, 'bob@example.com');
    expect((await search(bob.cookie, 'passkeys')).json().data.items).toEqual([]);
    expect((await search(bob.cookie, keys.login!)).json().data.items).toEqual([]);
  });

  it('says where a key leads: the item, in any project, whatever the case of the key', async () => {
    const answer = await locate(ann.cookie, keys.offline!.toLowerCase());
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      found: 'item',
      item: expect.objectContaining({ id: ids.offline, projectIds: [otherProjectId] }),
    });
  });

  it('says a deleted item was deleted, and a key the team never gave out is unknown', async () => {
    expect((await locate(ann.cookie, keys.gone!)).json().data).toEqual({ found: 'deleted' });
    const prefix = keys.login!.split('-')[0];
    expect((await locate(ann.cookie, `${prefix}-999`)).json().data).toEqual({ found: 'unknown' });
    expect((await locate(ann.cookie, 'not a key')).json().data).toEqual({ found: 'unknown' });
  });

  it("names another of the user's teams that holds the key, and never a team the user is not in", async () => {
    const cat = await teamUser(t.app, 'cat@example.com');
    const catsItem = await createItem(t.app, cat.cookie, cat.projectId, { item: { description: 'Cat’s own' } });
    // Cat's item is unknown to Ann, who is not in Cat's team.
    expect((await locate(ann.cookie, catsItem.externalId)).json().data.found).not.toBe('otherTeam');
    // Cat joins Ann's team (now active): Cat's own team is named for Cat's item.
    await join(t.app, ann.cookie, 'cat@example.com');
    const signedIn = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
      body: { emailAddress: 'cat@example.com' },
    });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const context = (await call(t.app, 'GET', '/v1/user/core-application-context', { cookie })).json().data;
    expect(context.activeTeam.id).toBe(ann.teamId);
    // The teams' keys differ (ANN, CAT): Cat's key is not one Ann's team gave out.
    expect((await locate(cookie, catsItem.externalId)).json().data).toEqual({
      found: 'otherTeam',
      teamId: cat.teamId,
      teamName: expect.any(String),
    });
  });

  it('needs a session', async () => {
    expect((await locate('', keys.login!)).statusCode).toBe(401);
    expect((await search('', 'passkeys')).statusCode).toBe(401);
  });
});
