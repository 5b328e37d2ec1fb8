/**
 * The board in two reads (query bucketPage): the head holds each bucket's first items and every
 * bucket's count, the rest every other item, and together they are the unpaged answer.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { BoardItemPage, type BoardColumns } from '../../src/shared/contract/items';
import { boardItemsOfColumns } from '../../src/shared/boardColumns';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, inWeek, move, onDay, queryBoard, teamUser, unscheduled, type BoardItem } from './helpers/planning';

jest.setTimeout(60_000);

interface Page {
  items: BoardItem[];
  bucketTotals?: { scope: number; assignedTimeframe: { span: number; index: number } | null; count: number }[];
  latestEventId?: number;
}

describe('the board in pages', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  // Buckets of 5, 3 and 1 items (and 2 implementations among the week's), made out of board order.
  const layout = [
    { project: onDay(20), count: 5, kind: 'demos' as const },
    { project: unscheduled(1), count: 1, kind: 'demos' as const },
    { project: inWeek(3), count: 1, kind: 'demos' as const },
    { project: inWeek(3), count: 2, kind: 'implementations' as const },
  ];
  beforeAll(async () => {
    t = await buildTestApp();
    u = await teamUser(t.app, 'pages@example.com');
    for (const { project, count, kind } of layout) {
      for (let i = 0; i < count; i++) {
        // Each new one at the start of its bucket: board order is not creation order.
        await createItem(t.app, u.cookie, u.projectId, { kind, project, item: { description: `${kind} ${i}` } });
      }
    }
  });
  afterAll(() => t.close());

  async function page(body: Record<string, unknown>): Promise<Page> {
    const response = await call(t.app, 'POST', `/v1/teams/active/projects/${u.projectId}/all/query`, {
      cookie: u.cookie,
      body,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.result).toBe('Ok');
    // A part answers its items field by field (contract BoardColumns), read back as the client does.
    const validate = addFormats(new Ajv({ allErrors: true })).compile({
      ...BoardItemPage.anyOf[1],
      additionalProperties: false,
    });
    expect(validate(answer.data) ? [] : validate.errors).toEqual([]);
    const { columns, ...rest } = answer.data as { columns: BoardColumns } & Omit<Page, 'items'>;
    expect(columns).toMatchObject({ teamId: u.teamId, projectId: u.projectId });
    return { ...rest, items: boardItemsOfColumns(columns) as BoardItem[] };
  }

  const bucketOf = (item: BoardItem) => {
    const context = item.projectContexts[0]!;
    return JSON.stringify([context.scope, context.assignedTimeframe]);
  };

  it('answers each bucket’s first perBucket items and every bucket’s count in the head', async () => {
    const whole = await queryBoard(t.app, u.cookie, u.projectId);
    const head = await page({ bucketPage: { part: 'head', perBucket: 2 } });
    const expected = [whole.slice(0, 2), whole.slice(5, 7), whole.slice(8, 9)].flat();
    expect(head.items.map((item) => item.id)).toEqual(expected.map((item) => item.id));
    expect(head.bucketTotals).toEqual([
      { scope: 0, assignedTimeframe: { span: 0, index: 20 }, count: 5 },
      { scope: 0, assignedTimeframe: { span: 1, index: 3 }, count: 3 },
      { scope: 1, assignedTimeframe: null, count: 1 },
    ]);
    expect(typeof head.latestEventId).toBe('number');
  });

  it('answers every other item in the rest, so head and rest make the unpaged answer', async () => {
    const whole = await queryBoard(t.app, u.cookie, u.projectId);
    for (const perBucket of [1, 2, 3, 5, 500]) {
      const head = await page({ bucketPage: { part: 'head', perBucket } });
      const rest = await page({ bucketPage: { part: 'rest', perBucket } });
      expect(rest.bucketTotals).toBeUndefined();
      expect(rest.latestEventId).toBe(head.latestEventId);
      const byBucket = new Map<string, BoardItem[]>();
      for (const item of [...head.items, ...rest.items]) {
        byBucket.set(bucketOf(item), [...(byBucket.get(bucketOf(item)) ?? []), item]);
      }
      // Head then rest, bucket by bucket, is board order: the same items, fields and places.
      expect([...byBucket.values()].flat()).toEqual(whole);
      const headIds = new Set(head.items.map((item) => item.id));
      expect(rest.items).toEqual(whole.filter((item) => !headIds.has(item.id)));
    }
  });

  it('pages the filtered board', async () => {
    const filter = { itemTypeFilter: 2 };
    const whole = await queryBoard(t.app, u.cookie, u.projectId, filter);
    expect(whole).toHaveLength(2);
    const head = await page({ ...filter, bucketPage: { part: 'head', perBucket: 1 } });
    const rest = await page({ ...filter, bucketPage: { part: 'rest', perBucket: 1 } });
    expect(head.bucketTotals).toEqual([{ scope: 0, assignedTimeframe: { span: 1, index: 3 }, count: 2 }]);
    expect([...head.items, ...rest.items]).toEqual(whole);
  });

  it('dates each part with the newest team event, so a change between them shows', async () => {
    const head = await page({ bucketPage: { part: 'head', perBucket: 2 } });
    const last = head.items.at(-1)!;
    const moved = await move(t.app, u.cookie, u.projectId, last.id, { newAssignment: inWeek(4) });
    expect(moved.statusCode).toBe(200);
    const rest = await page({ bucketPage: { part: 'rest', perBucket: 2 } });
    expect(rest.latestEventId).toBeGreaterThan(head.latestEventId!);
  });

  it('answers the unpaged board without totals or event id', async () => {
    const response = await call(t.app, 'POST', `/v1/teams/active/projects/${u.projectId}/all/query`, {
      cookie: u.cookie,
      body: {},
    });
    expect(Object.keys(response.json().data)).toEqual(['items']);
  });

  it('refuses a page out of range', async () => {
    for (const bucketPage of [
      { part: 'head', perBucket: 0 },
      { part: 'rest', perBucket: 501 },
      { part: 'head', perBucket: 1.5 },
      { part: 'middle', perBucket: 10 },
      { part: 'head' },
      { part: 'head', perBucket: 10, extra: 1 },
      // A numeric string the schema coerces to Infinity (found by the fuzz suite, seed 476002964).
      { part: 'head', perBucket: '1e309' },
    ]) {
      const response = await call(t.app, 'POST', `/v1/teams/active/projects/${u.projectId}/all/query`, {
        cookie: u.cookie,
        body: { bucketPage },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/bucketPage/);
    }
  });
});
