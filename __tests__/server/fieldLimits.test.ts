/**
 * Every free-form field has a size, depth and count limit (src/shared/fieldLimits.ts): at the limit
 * the call is Ok, one over it is InvalidRequest naming the field, and nothing is stored.
 */
import { eq, sql } from 'drizzle-orm';
import { accounts, teams } from '../../src/server/db/schema';
import { FIELD_LIMITS } from '../../src/shared/fieldLimits';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, teamUser, unscheduled } from './helpers/planning';
import { seedPatterns } from './helpers/patterns';

jest.setTimeout(60_000);

const ITEMS = '/v1/teams/active/project-items';
const L = FIELD_LIMITS;

/** `depth` arrays nested in one another: depth 1 is [], 2 is [[]]. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

/** A value whose compact JSON is exactly `bytes` long, built by padding one string inside `shape`. */
function ofBytes(bytes: number, shape: (padding: string) => unknown): unknown {
  const overhead = JSON.stringify(shape('')).length;
  const value = shape('x'.repeat(bytes - overhead));
  expect(JSON.stringify(value)).toHaveLength(bytes);
  return value;
}

const patterns = (padding: string) => ({ patterns: [padding], patternConnections: [] });
const teamData = (padding: string) => ({ notes: padding });
const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, n) => [`k${n}`, n]));
const ids = (count: number) => Array.from({ length: count }, (_, n) => `pattern-${n}`);

interface Case {
  name: string;
  /** The field the message must name. */
  field: string;
  at: unknown;
  over: unknown;
}

describe('limits on free-form fields', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ENABLED: 'false' });
    u = await teamUser(t.app, 'limits@example.com');
    await seedPatterns(t.app, u.cookie, ids(L.projectPatternIds.maxItems));
    await t.app.db.update(accounts).set({ plan: 'business' }).where(eq(accounts.id, 'limits@example.com'));
  });
  afterAll(() => t.close());

  /** Every stored item and team, whole: a refused call must leave all of it as it was. */
  async function stored() {
    const { rows } = (await t.app.db.execute(sql`
      select (select coalesce(json_agg(i order by i.id), '[]')::text from items i) as items,
        (select coalesce(json_agg(t order by t.id), '[]')::text from teams t) as teams`)) as unknown as {
      rows: Record<string, string>[];
    };
    return rows[0];
  }

  async function expectRefused(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, field: string) {
    const before = await stored();
    const response = await call(t.app, method, url, { cookie: u.cookie, body });
    expect([field, response.statusCode, response.json().result]).toEqual([field, 400, 'InvalidRequest']);
    expect(response.json().message).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}\\b`));
    expect(await stored()).toEqual(before);
  }

  async function expectOk(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, field: string) {
    const response = await call(t.app, method, url, { cookie: u.cookie, body });
    expect([field, response.statusCode, response.body]).toEqual([field, 200, expect.stringContaining('"Ok"')]);
  }

  describe('item fields, on create and update', () => {
    const itemCases: Case[] = [
      {
        name: 'description length',
        field: 'body.item.description',
        at: { description: 'd'.repeat(L.description.maxLength) },
        over: { description: 'd'.repeat(L.description.maxLength + 1) },
      },
      {
        name: 'goal count',
        field: 'body.item.goals',
        at: { goals: Array(L.goals.maxItems).fill('g') },
        over: { goals: Array(L.goals.maxItems + 1).fill('g') },
      },
      {
        name: 'goal length',
        field: 'body.item.goals.0',
        at: { goals: ['g'.repeat(L.goals.maxLength)] },
        over: { goals: ['g'.repeat(L.goals.maxLength + 1)] },
      },
      {
        name: 'test scenario count',
        field: 'body.item.newTestScenarios',
        at: { newTestScenarios: Array(L.newTestScenarios.maxItems).fill('s') },
        over: { newTestScenarios: Array(L.newTestScenarios.maxItems + 1).fill('s') },
      },
      {
        name: 'test scenario length',
        field: 'body.item.newTestScenarios.0',
        at: { newTestScenarios: ['s'.repeat(L.newTestScenarios.maxLength)] },
        over: { newTestScenarios: ['s'.repeat(L.newTestScenarios.maxLength + 1)] },
      },
      {
        name: 'project pattern id count',
        field: 'body.item.projectPatternIds',
        at: { projectPatternIds: ids(L.projectPatternIds.maxItems) },
        over: { projectPatternIds: ids(L.projectPatternIds.maxItems + 1) },
      },
      {
        name: 'local pattern data size in bytes',
        field: 'body.item.localPatternData',
        at: { localPatternData: ofBytes(L.localPatternData.maxBytes, patterns) },
        over: { localPatternData: ofBytes(L.localPatternData.maxBytes + 1, patterns) },
      },
      {
        name: 'local pattern data size in bytes, counting UTF-8',
        field: 'body.item.localPatternData',
        at: { localPatternData: { patterns: ['é'.repeat(32_000)], patternConnections: [] } },
        over: { localPatternData: { patterns: ['é'.repeat(32_768)], patternConnections: [] } },
      },
      {
        name: 'local pattern data depth',
        // The object is level 1, its patterns array level 2.
        field: 'body.item.localPatternData',
        at: { localPatternData: { patterns: [nested(L.localPatternData.maxDepth - 2)], patternConnections: [] } },
        over: { localPatternData: { patterns: [nested(L.localPatternData.maxDepth - 1)], patternConnections: [] } },
      },
      {
        name: 'pattern count',
        field: 'body.item.localPatternData.patterns',
        at: { localPatternData: { patterns: Array(L.localPatternData.patterns).fill(1), patternConnections: [] } },
        over: {
          localPatternData: { patterns: Array(L.localPatternData.patterns + 1).fill(1), patternConnections: [] },
        },
      },
      {
        name: 'pattern connection count',
        field: 'body.item.localPatternData.patternConnections',
        at: {
          localPatternData: { patterns: [], patternConnections: Array(L.localPatternData.patternConnections).fill(1) },
        },
        over: {
          localPatternData: {
            patterns: [],
            patternConnections: Array(L.localPatternData.patternConnections + 1).fill(1),
          },
        },
      },
    ];

    it.each(itemCases)('$name: at the limit Ok, over it refused naming the field', async ({ field, at, over }) => {
      const body = (item: unknown) => ({ projectId: u.projectId, project: unscheduled(), item });
      await expectRefused('POST', `${ITEMS}/implementations`, body(over), field);
      await expectOk('POST', `${ITEMS}/implementations`, body(at), field);

      const existing = await createItem(t.app, u.cookie, u.projectId, { kind: 'implementations' });
      const update = (item: unknown) => ({ projectId: u.projectId, item });
      await expectRefused('PUT', `${ITEMS}/implementations/${existing.id}`, update(over), field);
      await expectOk('PUT', `${ITEMS}/implementations/${existing.id}`, update(at), field);
    });

    it('holds a demo’s implementation ids to their count', async () => {
      const implementation = await createItem(t.app, u.cookie, u.projectId, { kind: 'implementations' });
      const body = (count: number) => ({
        projectId: u.projectId,
        project: unscheduled(),
        item: { implementationIds: Array(count).fill(implementation.id) },
      });
      const field = 'body.item.implementationIds';
      await expectRefused('POST', `${ITEMS}/demos`, body(L.implementationIds.maxItems + 1), field);
      await expectOk('POST', `${ITEMS}/demos`, body(L.implementationIds.maxItems), field);
    });

    it('holds bulk creation and split to the same limits, naming the entry', async () => {
      const entry = (item: unknown) => ({ itemType: 2, item, project: unscheduled() });
      const over = { localPatternData: ofBytes(L.localPatternData.maxBytes + 1, patterns) };
      await expectRefused(
        'POST',
        `${ITEMS}/all/bulk-create`,
        { projectId: u.projectId, items: [entry({}), entry(over)] },
        'body.items.1.item.localPatternData',
      );
      const item = await createItem(t.app, u.cookie, u.projectId, { kind: 'gtm' });
      const long = 'd'.repeat(L.description.maxLength);
      await expectRefused(
        'POST',
        `${ITEMS}/all/${item.id}/split`,
        { projectId: u.projectId, descriptions: ['a', `${long}d`] },
        'body.descriptions.1',
      );
      await expectOk(
        'POST',
        `${ITEMS}/all/${item.id}/split`,
        { projectId: u.projectId, descriptions: ['a', long] },
        'split',
      );
    });

    it('holds the informational copies in a delete to their limits', async () => {
      const copy = L.deletedItemCopy;
      const cases: [string, Record<string, unknown>][] = [
        ['body.item', { item: ofBytes(copy.maxBytes + 1, teamData) }],
        ['body.project', { project: { history: nested(copy.maxDepth) } }],
        ['body.item', { item: keys(copy.maxProperties + 1) }],
      ];
      const item = await createItem(t.app, u.cookie, u.projectId, { kind: 'gtm' });
      for (const [field, extra] of cases) {
        await expectRefused('DELETE', `${ITEMS}/all/${item.id}`, { projectId: u.projectId, ...extra }, field);
      }
      await expectOk(
        'DELETE',
        `${ITEMS}/all/${item.id}`,
        {
          projectId: u.projectId,
          item: ofBytes(copy.maxBytes, teamData),
          project: { history: nested(copy.maxDepth - 1) },
        },
        'delete',
      );
    });
  });

  describe.each([
    ['goToMarketPlan', '/v1/teams/active/go-to-market-plan', L.goToMarketPlan],
    ['globalTeamData', '/v1/teams/active/global-team-data', L.globalTeamData],
  ] as const)('the team’s %s', (name, url, limits) => {
    const field = `body.${name}`;
    const cases: [string, unknown, unknown][] = [
      ['size in bytes', ofBytes(limits.maxBytes, teamData), ofBytes(limits.maxBytes + 1, teamData)],
      // The object is level 1.
      ['depth', { deep: nested(limits.maxDepth - 1) }, { deep: nested(limits.maxDepth) }],
      ['key count', keys(limits.maxProperties), keys(limits.maxProperties + 1)],
    ];
    it.each(cases)('%s: at the limit Ok and stored, over it refused naming the field', async (_what, at, over) => {
      await expectRefused('PUT', url, { [name]: over }, field);
      await expectOk('PUT', url, { [name]: at }, field);
      const [team] = await t.app.db.select().from(teams).where(eq(teams.id, u.teamId));
      expect(team![name]).toEqual(at);
    });
  });
});
