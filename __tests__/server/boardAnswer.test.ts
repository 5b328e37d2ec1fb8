/**
 * The board query, search and single-item answers are JSON the database builds
 * (repositories/itemsJson.ts), sent past Fastify's serializer: here they are held to the contract's
 * BoardItem and Item schemas and, field by field, to the stored rows read the ordinary way.
 */
import { asc, eq } from 'drizzle-orm';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { accounts, items, projectContexts } from '../../src/server/db/schema';
import { BoardItemList, Item } from '../../src/shared/contract/items';
import { boardDescription } from '../../src/shared/boardDescription';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, inWeek, onDay, queryBoard, teamUser, unscheduled } from './helpers/planning';
import { seedPatterns } from './helpers/patterns';

jest.setTimeout(30_000);

describe('the board answer, built by the database', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    u = await teamUser(t.app, 'answer@example.com');
    await seedPatterns(t.app, u.cookie, ['pattern-1']);
    await t.app.db.update(accounts).set({ plan: 'business' }).where(eq(accounts.id, 'answer@example.com'));
  });
  afterAll(() => t.close());

  /** What the single-item read must say of each item, from the rows as Drizzle reads them. */
  async function expectedItems(projectId: string) {
    const rows = await t.app.db.select().from(items).where(eq(items.teamId, u.teamId));
    const contexts = await t.app.db.select().from(projectContexts).orderBy(asc(projectContexts.projectId));
    return new Map(
      rows.map((row) => {
        const own = contexts.filter((c) => c.itemId === row.id);
        const ordered = [
          ...own.filter((c) => c.projectId === projectId),
          ...own.filter((c) => c.projectId !== projectId),
        ];
        const kindFields =
          row.itemType === 1
            ? { implementationIds: row.implementationIds }
            : row.itemType === 2
              ? {
                  projectPatternIds: row.projectPatternIds,
                  localPatternData: row.localPatternData,
                  newTestScenarios: row.newTestScenarios,
                }
              : {};
        return [
          row.id,
          {
            id: row.id,
            linkId: row.linkId,
            teamId: row.teamId,
            dateCreated: row.dateCreated.toISOString(),
            itemType: row.itemType,
            description: row.description,
            externalId: row.externalId,
            workflowStatus: row.workflowStatus,
            codingAgentUrl: row.codingAgentUrl,
            pullRequestUrl: row.pullRequestUrl,
            parentContextItemId: row.parentContextItemId,
            goals: row.goals,
            startDate: row.startDate,
            completionDate: row.completionDate?.toISOString() ?? null,
            version: row.version,
            projectContexts: ordered.map((c) => ({
              projectId: c.projectId,
              sortKey: c.sortKey,
              scope: c.scope,
              assignedToUserId: c.assignedToUserId,
              assignedTimeframe: c.timeframeSpan === null ? null : { span: c.timeframeSpan, index: c.timeframeIndex },
            })),
            ...kindFields,
          },
        ];
      }),
    );
  }

  /** What the board must say of each item: the card's fields, this project's context only. */
  async function expectedBoardItems(projectId: string) {
    const whole = await expectedItems(projectId);
    return new Map(
      [...whole].map(([id, item]) => [
        id,
        {
          id: item.id,
          linkId: item.linkId,
          teamId: item.teamId,
          dateCreated: item.dateCreated,
          itemType: item.itemType,
          description: boardDescription(item.description),
          externalId: item.externalId,
          workflowStatus: item.workflowStatus,
          parentContextItemId: item.parentContextItemId,
          startDate: item.startDate,
          completionDate: item.completionDate,
          projectContexts: item.projectContexts.filter((context) => context.projectId === projectId),
        },
      ]),
    );
  }

  /** The same validator Fastify uses for requests, strict about properties the schema does not name. */
  function strict(schema: object) {
    return addFormats(new Ajv({ allErrors: true })).compile({ ...schema, additionalProperties: false });
  }

  it('holds every kind, every field and every context to the contract and to the stored rows', async () => {
    const projectId = u.projectId;
    const implementation = await createItem(t.app, u.cookie, projectId, {
      kind: 'implementations',
      project: onDay(20_416),
      item: {
        description: 'Importer "v2"\n\nWith a tab\tand ünïcödé ✓',
        projectPatternIds: ['pattern-1'],
        localPatternData: { patterns: [{ name: 'queue' }], patternConnections: [{ from: 0, to: 0 }] },
        newTestScenarios: ['CSV with 10,000 rows'],
      },
    });
    const demo = await createItem(t.app, u.cookie, projectId, {
      kind: 'demos',
      project: { ...inWeek(2_917), assignedToUserId: u.userId },
      item: {
        description: '# Demo',
        goals: ['Convince a design partner'],
        startDate: '2026-11-24',
        codingAgentUrl: 'https://agent.example.com/run/1',
        pullRequestUrl: 'https://github.com/example/repo/pull/2',
        implementationIds: [implementation.id],
      },
    });
    const gtm = await createItem(t.app, u.cookie, projectId, { kind: 'gtm', project: unscheduled(0) });
    const completed = await call(t.app, 'PUT', `/v1/teams/active/project-items/all/${gtm.id}/complete`, {
      cookie: u.cookie,
      body: { markComplete: true },
    });
    expect(completed.statusCode).toBe(200);
    // The same item planned in a second project: its contexts list this project's first.
    const other = await call(t.app, 'POST', '/v1/teams/active/projects', {
      cookie: u.cookie,
      body: { description: 'Other' },
    });
    const otherProjectId = other.json().data.id as string;
    await t.app.db.insert(projectContexts).values({
      projectId: otherProjectId,
      itemId: demo.id,
      teamId: u.teamId,
      sortKey: 12.5,
      scope: 1,
      timeframeSpan: null,
      timeframeIndex: null,
      assignedToUserId: null,
    });

    const response = await call(t.app, 'POST', `/v1/teams/active/projects/${projectId}/all/query`, {
      cookie: u.cookie,
      body: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const answer = response.json();
    expect(answer.result).toBe('Ok');
    const validateBoard = strict(BoardItemList);
    expect(validateBoard(answer.data) ? [] : validateBoard.errors).toEqual([]);

    const expectedBoard = await expectedBoardItems(projectId);
    const board = answer.data.items as { id: string; description: string }[];
    expect(board.map((item) => item.id)).toEqual([implementation.id, demo.id, gtm.id]);
    for (const item of board) expect(item).toStrictEqual(expectedBoard.get(item.id));
    // The card's fields only: the first line of the description, no goals, links, id lists or patterns.
    expect(board[0]!.description).toBe('Importer "v2"');

    const fromOtherProject = await queryBoard(t.app, u.cookie, otherProjectId);
    expect(fromOtherProject).toStrictEqual([(await expectedBoardItems(otherProjectId)).get(demo.id)]);

    const search = await call(t.app, 'GET', `/v1/teams/active/projects/${projectId}/search?query=demo`, {
      cookie: u.cookie,
    });
    expect(search.json().data.items).toStrictEqual([expectedBoard.get(demo.id)]);

    // The whole item, every field and every context (by project id), comes with the single read.
    const expected = await expectedItems(projectId);
    const validateItem = strict(Item);
    for (const id of [implementation.id, demo.id, gtm.id]) {
      const single = await call(t.app, 'GET', `/v1/teams/active/project-items/all/${id}`, { cookie: u.cookie });
      expect(single.statusCode).toBe(200);
      const item = single.json().data;
      expect(validateItem(item) ? [] : validateItem.errors).toEqual([]);
      const whole = expected.get(id)!;
      const byProject = [...whole.projectContexts].sort((a, b) => (a.projectId < b.projectId ? -1 : 1));
      expect(item).toStrictEqual({ ...whole, projectContexts: byProject });
    }
    const demoRead = await call(t.app, 'GET', `/v1/teams/active/project-items/all/${demo.id}`, { cookie: u.cookie });
    expect(demoRead.json().data.projectContexts).toHaveLength(2);
  });

  it('cuts the board description to the first line the title is made from, as the client does', async () => {
    const long = `${'# '}${'ü'.repeat(6_000)}`;
    const descriptions = [
      '  \n\t Title after blank lines\r\nsecond line',
      'One line only',
      '',
      long,
      `\u3000\u00a0Wide space first\rthen more`,
      // Characters outside the BMP: the database and the client both count code points.
      `Emoji ${'😀'.repeat(5_000)}`,
    ];
    const created: { id: string }[] = [];
    for (const description of descriptions) {
      created.push(await createItem(t.app, u.cookie, u.projectId, { kind: 'gtm', item: { description } }));
    }
    const board = await queryBoard(t.app, u.cookie, u.projectId);
    for (const [index, description] of descriptions.entries()) {
      const item = board.find((entry) => entry.id === created[index]!.id)!;
      expect(item.description).toBe(boardDescription(description));
    }
    expect(board.find((entry) => entry.id === created[3]!.id)!.description).toHaveLength(4_352);
    expect(boardDescription(descriptions[0]!)).toBe('Title after blank lines');
  });

  it('answers an empty list for a project with no items', async () => {
    const created = await call(t.app, 'POST', '/v1/teams/active/projects', {
      cookie: u.cookie,
      body: { description: 'Empty' },
    });
    const response = await call(t.app, 'POST', `/v1/teams/active/projects/${created.json().data.id}/all/query`, {
      cookie: u.cookie,
      body: {},
    });
    expect(response.json()).toEqual({ result: 'Ok', data: { items: [] } });
    const search = await call(t.app, 'GET', `/v1/teams/active/projects/${created.json().data.id}/search?query=x`, {
      cookie: u.cookie,
    });
    expect(search.json()).toEqual({ result: 'Ok', data: { items: [] } });
  });
});
