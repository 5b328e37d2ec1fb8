/**
 * Rows stored before the field limits can be far over them (issue 8: ~1 MB of localPatternData per
 * item took the board query past V8's string limit and the process down). Written here straight into
 * the database, past every check, they must leave the board and search answers small — bounded by the
 * number of items — while the single-item read still answers the whole item.
 */
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../../src/server/db/schema';
import { BOARD_DESCRIPTION_LENGTH } from '../../src/shared/boardDescription';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { teamUser } from './helpers/planning';

jest.setTimeout(120_000);

const OVERSIZE_ITEMS = 30;
const MEGABYTE = 1_000_000;
/** What one board item may take besides its description: ids, dates, numbers and one context. */
const FIXED_PART = 1_000;

describe('rows stored over the limits', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ENABLED: 'false' });
    u = await teamUser(t.app, 'oversize@example.com');
    await t.app.db.update(accounts).set({ plan: 'business' }).where(eq(accounts.id, 'oversize@example.com'));
    // Implementations with ~1 MB of pattern data, ~1 MB of description (every other one a single
    // ~1 MB first line) and ~0.5 MB of goals and of test scenarios each, built by the database itself.
    await t.app.db.execute(sql`
      insert into items (id, team_id, link_id, external_id, item_type, description, goals,
        local_pattern_data, new_test_scenarios, project_pattern_ids)
      select 'oversize-' || n, ${u.teamId}, 'link' || lpad(n::text, 6, '0'), 'BIG-' || n, 2,
        case when n % 2 = 0 then '# Oversize ' || n || E'\n' || repeat('word ', 200000)
          else 'Oversize ' || n || ' ' || repeat('x', ${MEGABYTE}) end,
        (select jsonb_agg(repeat('g', 1000)) from generate_series(1, 500)),
        jsonb_build_object(
          'patterns', (select jsonb_agg(jsonb_build_object('name', repeat('p', 1000))) from generate_series(1, 1000)),
          'patternConnections', '[]'::jsonb),
        (select jsonb_agg(repeat('s', 1000)) from generate_series(1, 500)),
        (select jsonb_agg('pattern-' || k) from generate_series(1, 5000) k)
      from generate_series(1, ${OVERSIZE_ITEMS}) n`);
    await t.app.db.execute(sql`
      insert into project_contexts (project_id, item_id, team_id, sort_key, scope)
      select ${u.projectId}, 'oversize-' || n, ${u.teamId}, n, 0 from generate_series(1, ${OVERSIZE_ITEMS}) n`);
  });
  afterAll(() => t.close());

  const boardLimit = (items: number) => items * (BOARD_DESCRIPTION_LENGTH + FIXED_PART);

  it('answers the board small: per item a card’s fields, never the stored megabytes', async () => {
    const response = await call(t.app, 'POST', `/v1/teams/active/projects/${u.projectId}/all/query`, {
      cookie: u.cookie,
      body: {},
    });
    expect(response.statusCode).toBe(200);
    const items = response.json().data.items as { id: string; description: string }[];
    expect(items).toHaveLength(OVERSIZE_ITEMS);
    // ~90 MB stored; the answer is bounded by the item count.
    expect(response.body.length).toBeLessThan(boardLimit(OVERSIZE_ITEMS));
    expect(response.body).not.toMatch(/pppp|gggg|ssss|pattern-1/);
    const even = items.find((item) => item.id === 'oversize-2')!;
    expect(even.description).toBe('# Oversize 2');
    const odd = items.find((item) => item.id === 'oversize-1')!;
    expect(Array.from(odd.description)).toHaveLength(BOARD_DESCRIPTION_LENGTH);
  });

  it('answers a search small too', async () => {
    const response = await call(t.app, 'GET', `/v1/teams/active/projects/${u.projectId}/search?query=oversize`, {
      cookie: u.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.items).toHaveLength(OVERSIZE_ITEMS);
    expect(response.body.length).toBeLessThan(boardLimit(OVERSIZE_ITEMS));
  });

  it('answers many board reads at once', async () => {
    const reads = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, 'POST', `/v1/teams/active/projects/${u.projectId}/all/query`, { cookie: u.cookie, body: {} }),
      ),
    );
    for (const read of reads) {
      expect(read.statusCode).toBe(200);
      expect(read.body.length).toBeLessThan(boardLimit(OVERSIZE_ITEMS));
    }
  });

  it('still answers the whole item on its own read', async () => {
    const response = await call(t.app, 'GET', '/v1/teams/active/project-items/all/oversize-1', { cookie: u.cookie });
    expect(response.statusCode).toBe(200);
    const item = response.json().data;
    expect(item.description).toHaveLength('Oversize 1 '.length + MEGABYTE);
    expect(item.localPatternData.patterns).toHaveLength(1000);
    expect(item.newTestScenarios).toHaveLength(500);
    expect(item.projectContexts).toEqual([expect.objectContaining({ projectId: u.projectId })]);
  });

  it('lets an oversize item be edited back under the limits', async () => {
    const response = await call(t.app, 'PUT', '/v1/teams/active/project-items/implementations/oversize-3', {
      cookie: u.cookie,
      body: {
        projectId: u.projectId,
        item: { description: 'Trimmed', localPatternData: { patterns: [], patternConnections: [] }, goals: [] },
      },
    });
    expect(response.statusCode).toBe(200);
    const item = (
      await call(t.app, 'GET', '/v1/teams/active/project-items/all/oversize-3', { cookie: u.cookie })
    ).json().data;
    expect(item).toMatchObject({ description: 'Trimmed', localPatternData: { patterns: [], patternConnections: [] } });
  });
});
