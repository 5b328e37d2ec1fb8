import { asc, eq } from 'drizzle-orm';
import { itemComments, memberships, users } from '../../src/server/db/schema';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, onDay, planningState, queryBoard, teamUser, unscheduled } from './helpers/planning';

// Fresh databases and big boards are slow on a busy machine.
jest.setTimeout(30_000);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Attempt {
  operationId: string;
  method: Method;
  url: string;
  body?: unknown;
}

/**
 * Every route of the planning board, called by a member of another team with the first team's ids:
 * each one must answer NotFound and change nothing (design §2).
 */
describe('tenancy: another team’s ids are not found', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  let stranger: Awaited<ReturnType<typeof teamUser>>;
  const ids = { project: '', demo: '', implementation: '', gtm: '', otherProject: '' };

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await teamUser(t.app, 'owner@example.com');
    stranger = await teamUser(t.app, 'stranger@example.com');
    ids.project = owner.projectId;
    const implementation = await createItem(t.app, owner.cookie, owner.projectId, {
      kind: 'implementations',
      project: onDay(20_416),
      item: { description: 'Secret implementation' },
    });
    ids.implementation = implementation.id;
    ids.demo = (
      await createItem(t.app, owner.cookie, owner.projectId, {
        kind: 'demos',
        project: onDay(20_416),
        item: { description: 'Secret demo', implementationIds: [implementation.id] },
      })
    ).id;
    ids.gtm = (
      await createItem(t.app, owner.cookie, owner.projectId, { kind: 'gtm', item: { description: 'Secret launch' } })
    ).id;
    const other = await call(t.app, 'POST', '/v1/teams/active/projects', {
      cookie: owner.cookie,
      body: { description: 'Second' },
    });
    ids.otherProject = other.json().data.id;
  });
  afterAll(() => t.close());

  /** The operations of the OpenAPI document in any of these groups. */
  async function operationIdsTagged(groups: string[]) {
    const document = (await call(t.app, 'GET', '/v1/openapi.json')).json() as {
      paths: Record<string, Record<string, { operationId: string; tags?: string[] }>>;
    };
    return Object.values(document.paths)
      .flatMap((path) => Object.values(path))
      .filter((operation) => operation.tags?.some((tag) => groups.includes(tag)))
      .map((operation) => operation.operationId);
  }

  /** The stranger's own project and item, for routes that mix their ids with the owner's. */
  async function strangerOwn() {
    const item = await createItem(t.app, stranger.cookie, stranger.projectId, {
      kind: 'demos',
      project: onDay(20_416),
    });
    return { projectId: stranger.projectId, itemId: item.id };
  }

  function attempts(own: { projectId: string; itemId: string }): Attempt[] {
    const P = '/v1/teams/active/projects';
    const I = '/v1/teams/active/project-items';
    const assignment = { scope: 0, assignedTimeframe: null };
    return [
      { operationId: 'getProject', method: 'GET', url: `${P}/${ids.project}` },
      { operationId: 'updateProject', method: 'PUT', url: `${P}/${ids.project}`, body: { description: 'Mine now' } },
      { operationId: 'deleteProject', method: 'DELETE', url: `${P}/${ids.project}`, body: {} },
      {
        operationId: 'deleteProject',
        method: 'DELETE',
        url: `${P}/${own.projectId}`,
        body: { transferItemsToProjectId: ids.project },
      },
      { operationId: 'setActiveProject', method: 'PUT', url: `${P}/active`, body: { newActiveProjectId: ids.project } },
      { operationId: 'queryProjectItems', method: 'POST', url: `${P}/${ids.project}/all/query`, body: {} },
      { operationId: 'searchProjectItems', method: 'GET', url: `${P}/${ids.project}/search?query=secret` },
      { operationId: 'getProjectContext', method: 'GET', url: `${P}/${ids.project}/all/${ids.demo}/project-context` },
      { operationId: 'getProjectContext', method: 'GET', url: `${P}/${own.projectId}/all/${ids.demo}/project-context` },
      {
        operationId: 'moveProjectItem',
        method: 'PUT',
        url: `${P}/${ids.project}/all/${ids.demo}/project-context`,
        body: { newAssignment: { scope: 1, assignedTimeframe: null } },
      },
      {
        operationId: 'moveProjectItem',
        method: 'PUT',
        url: `${P}/${own.projectId}/all/${ids.demo}/project-context`,
        body: { newAssignment: { scope: 1, assignedTimeframe: null } },
      },
      {
        operationId: 'moveProjectItem',
        method: 'PUT',
        url: `${P}/${ids.project}/all/${own.itemId}/project-context`,
        body: { orderUpdate: {} },
      },
      {
        operationId: 'createDemo',
        method: 'POST',
        url: `${I}/demos`,
        body: { projectId: ids.project, project: assignment, item: {} },
      },
      {
        operationId: 'createDemo',
        method: 'POST',
        url: `${I}/demos`,
        body: { projectId: own.projectId, project: assignment, item: { implementationIds: [ids.implementation] } },
      },
      {
        operationId: 'createImplementation',
        method: 'POST',
        url: `${I}/implementations`,
        body: { projectId: ids.project, project: assignment, item: {} },
      },
      {
        operationId: 'createGoToMarketItem',
        method: 'POST',
        url: `${I}/gtm`,
        body: { projectId: ids.project, project: assignment, item: {} },
      },
      {
        operationId: 'updateDemo',
        method: 'PUT',
        url: `${I}/demos/${ids.demo}`,
        body: { projectId: ids.project, item: { description: 'x' } },
      },
      {
        operationId: 'updateDemo',
        method: 'PUT',
        url: `${I}/demos/${ids.demo}`,
        body: { projectId: own.projectId, item: { description: 'x' } },
      },
      {
        operationId: 'updateDemo',
        method: 'PUT',
        url: `${I}/demos/${own.itemId}`,
        body: { projectId: own.projectId, item: { implementationIds: [ids.implementation] } },
      },
      {
        operationId: 'updateImplementation',
        method: 'PUT',
        url: `${I}/implementations/${ids.implementation}`,
        body: { projectId: ids.project, item: { description: 'x' } },
      },
      {
        operationId: 'updateGoToMarketItem',
        method: 'PUT',
        url: `${I}/gtm/${ids.gtm}`,
        body: { projectId: ids.project, item: { description: 'x' } },
      },
      { operationId: 'getProjectItem', method: 'GET', url: `${I}/all/${ids.demo}` },
      { operationId: 'getProjectItem', method: 'GET', url: `${I}/all/${ids.implementation}` },
      {
        operationId: 'deleteProjectItem',
        method: 'DELETE',
        url: `${I}/all/${ids.demo}`,
        body: { projectId: ids.project },
      },
      {
        operationId: 'deleteProjectItem',
        method: 'DELETE',
        url: `${I}/all/${ids.demo}`,
        body: { projectId: own.projectId },
      },
      {
        operationId: 'completeProjectItem',
        method: 'PUT',
        url: `${I}/all/${ids.gtm}/complete`,
        body: { markComplete: true },
      },
      {
        operationId: 'bulkCreateProjectItems',
        method: 'POST',
        url: `${I}/all/bulk-create`,
        body: { projectId: ids.project, items: [{ itemType: 3, item: {}, project: assignment }] },
      },
      {
        operationId: 'bulkCreateProjectItems',
        method: 'POST',
        url: `${I}/all/bulk-create`,
        body: {
          projectId: own.projectId,
          items: [{ itemType: 1, item: { implementationIds: [ids.implementation] }, project: assignment }],
        },
      },
      {
        operationId: 'splitProjectItem',
        method: 'POST',
        url: `${I}/all/${ids.demo}/split`,
        body: { projectId: ids.project, descriptions: ['a', 'b'] },
      },
      {
        operationId: 'splitProjectItem',
        method: 'POST',
        url: `${I}/all/${ids.demo}/split`,
        body: { projectId: own.projectId, descriptions: ['a', 'b'] },
      },
      {
        operationId: 'restoreProjectItem',
        method: 'POST',
        url: `${I}/all/${ids.demo}/restore`,
        body: { projectId: ids.project },
      },
      {
        operationId: 'restoreProjectItem',
        method: 'POST',
        url: `${I}/all/${ids.demo}/restore`,
        body: { projectId: own.projectId },
      },
    ];
  }

  it('walks every route of the projects and items groups: all NotFound, nothing changed', async () => {
    const own = await strangerOwn();
    const ownerBoard = await queryBoard(t.app, owner.cookie, owner.projectId);
    const ownerProject = (
      await call(t.app, 'GET', `/v1/teams/active/projects/${owner.projectId}`, { cookie: owner.cookie })
    ).json();
    const before = await planningState(t.app);

    const list = attempts(own);
    for (const attempt of list) {
      const response = await call(t.app, attempt.method, attempt.url, { cookie: stranger.cookie, body: attempt.body });
      expect([attempt.operationId, attempt.url, response.statusCode, response.json().result]).toEqual([
        attempt.operationId,
        attempt.url,
        404,
        'NotFound',
      ]);
      expect(response.body).not.toMatch(/Secret/);
    }

    expect(await planningState(t.app)).toEqual(before);
    expect(await queryBoard(t.app, owner.cookie, owner.projectId)).toEqual(ownerBoard);
    expect(
      (await call(t.app, 'GET', `/v1/teams/active/projects/${owner.projectId}`, { cookie: owner.cookie })).json(),
    ).toEqual(ownerProject);
    const strangerContext = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie: stranger.cookie });
    expect(strangerContext.json().data.userContext.activeProjectId).toBe(stranger.projectId);

    // The matrix covers every operation of the two groups.
    const operations = await operationIdsTagged(['projects', 'items']);
    const covered = new Set(list.map((attempt) => attempt.operationId));
    // The team-wide search and a key's location name no id: they answer for the caller's own team (below).
    const teamWide = new Set(['createProject', 'searchTeamItems', 'locateItemByKey']);
    expect(operations.filter((operationId) => !covered.has(operationId) && !teamWide.has(operationId))).toEqual([]);
  });

  it('walks every route of the comments group: all NotFound, no comment read, added, edited or deleted', async () => {
    const own = await strangerOwn();
    const C = (itemId: string) => `/v1/teams/active/project-items/${itemId}/comments`;
    const posted = await call(t.app, 'POST', C(ids.demo), { cookie: owner.cookie, body: { body: 'Secret note' } });
    expect(posted.statusCode).toBe(200);
    const commentId = posted.json().data.id as string;
    const ownComment = (
      await call(t.app, 'POST', C(own.itemId), { cookie: stranger.cookie, body: { body: 'My note' } })
    ).json().data.id as string;
    const comments = async () =>
      (await t.app.db.select().from(itemComments).orderBy(asc(itemComments.id))).map((row) => ({ ...row }));
    const before = await comments();

    const list: Attempt[] = [
      { operationId: 'listItemComments', method: 'GET', url: C(ids.demo) },
      { operationId: 'addItemComment', method: 'POST', url: C(ids.demo), body: { body: 'Mine now' } },
      { operationId: 'editItemComment', method: 'PUT', url: `${C(ids.demo)}/${commentId}`, body: { body: 'x' } },
      // The stranger's own item with the owner's comment, and the owner's item with the stranger's comment.
      { operationId: 'editItemComment', method: 'PUT', url: `${C(own.itemId)}/${commentId}`, body: { body: 'x' } },
      { operationId: 'editItemComment', method: 'PUT', url: `${C(ids.demo)}/${ownComment}`, body: { body: 'x' } },
      { operationId: 'deleteItemComment', method: 'DELETE', url: `${C(ids.demo)}/${commentId}` },
      { operationId: 'deleteItemComment', method: 'DELETE', url: `${C(own.itemId)}/${commentId}` },
    ];
    for (const attempt of list) {
      const response = await call(t.app, attempt.method, attempt.url, { cookie: stranger.cookie, body: attempt.body });
      expect([attempt.operationId, attempt.url, response.statusCode, response.json().result]).toEqual([
        attempt.operationId,
        attempt.url,
        404,
        'NotFound',
      ]);
      expect(response.body).not.toMatch(/Secret/);
    }
    expect(await comments()).toEqual(before);
    // The same addresses work for their owners, so the NotFounds above are the team check's.
    const ownersEdit = { cookie: owner.cookie, body: { body: 'Secret note, edited' } };
    expect((await call(t.app, 'PUT', `${C(ids.demo)}/${commentId}`, ownersEdit)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', C(own.itemId), { cookie: stranger.cookie })).json().data.comments).toHaveLength(1);
    const mentions = await call(t.app, 'GET', '/v1/teams/active/mentions', { cookie: stranger.cookie });
    expect(mentions.body).not.toMatch(/Secret/);

    // The matrix covers every operation of the group; the mentions are the caller's own.
    const covered = new Set(list.map((attempt) => attempt.operationId));
    const callersOwn = new Set(['listMentions', 'markMentionsRead']);
    const operations = await operationIdsTagged(['comments']);
    expect(operations.filter((operationId) => !covered.has(operationId) && !callersOwn.has(operationId))).toEqual([]);
  });

  it('the team-wide search and an item key find nothing of another team', async () => {
    const ownerItems = await queryBoard(t.app, owner.cookie, owner.projectId);
    expect(ownerItems.length).toBeGreaterThan(0);
    for (const item of ownerItems) {
      const located = await call(t.app, 'GET', `/v1/teams/active/project-items/keys/${item.externalId}`, {
        cookie: stranger.cookie,
      });
      expect(located.json().data.found).not.toBe('item');
      expect(located.body).not.toMatch(/Secret/);
      const found = await call(t.app, 'GET', `/v1/teams/active/project-items/search?query=${item.externalId}`, {
        cookie: stranger.cookie,
      });
      expect(found.json().data.items).toEqual([]);
    }
    const byWords = await call(t.app, 'GET', `/v1/teams/active/project-items/search?query=Secret`, {
      cookie: stranger.cookie,
    });
    expect(byWords.json().data.items).toEqual([]);
  });

  it('creating a project only ever adds to the caller’s own team', async () => {
    const created = await call(t.app, 'POST', '/v1/teams/active/projects', {
      cookie: stranger.cookie,
      body: { description: 'Mine' },
    });
    expect(created.statusCode).toBe(200);
    const ownerContext = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie: owner.cookie });
    expect(ownerContext.json().data.availableProjects.map((p: { id: string }) => p.id)).not.toContain(
      created.json().data.id,
    );
  });

  it('every route needs a session', async () => {
    for (const attempt of attempts({ projectId: ids.project, itemId: ids.demo })) {
      const response = await call(t.app, attempt.method, attempt.url, { body: attempt.body });
      expect([attempt.url, response.statusCode]).toEqual([attempt.url, 401]);
    }
    const create = await call(t.app, 'POST', '/v1/teams/active/projects', { body: { description: 'x' } });
    expect(create.statusCode).toBe(401);
  });

  it('both roles plan: an Editor of the team can use the same routes', async () => {
    const editor = await teamUser(t.app, 'editor@example.com');
    await t.app.db.insert(memberships).values({ teamId: owner.teamId, userId: editor.userId, role: 1 });
    await t.app.db.update(users).set({ activeTeamId: owner.teamId }).where(eq(users.id, editor.userId));
    const item = await createItem(t.app, editor.cookie, owner.projectId, { project: unscheduled(0) });
    expect(item.externalId).toMatch(/^OWN-\d+$/);
    const moved = await call(
      t.app,
      'PUT',
      `/v1/teams/active/projects/${owner.projectId}/all/${item.id}/project-context`,
      {
        cookie: editor.cookie,
        body: { newAssignment: { scope: 1, assignedTimeframe: null } },
      },
    );
    expect(moved.statusCode).toBe(200);
  });
});
