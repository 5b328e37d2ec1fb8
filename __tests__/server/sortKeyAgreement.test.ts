import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { projectContexts } from '../../src/server/db/schema';
import {
  rebalancedSortKeys,
  roundSortKey,
  sortKeyBetween,
  SORT_KEY_MAX,
  SORT_KEY_MIN,
} from '../../src/shared/sortKeys';
import { buildTestApp, type TestApp } from './helpers/testApp';
import { createItem, move, teamUser, unscheduled } from './helpers/planning';

jest.setTimeout(60_000);

/**
 * One sort-key rule (issue 24): the move's SQL (repositories/moves.ts) places an item between any two
 * neighbours exactly where shared/sortKeys.ts — the rule the client applies optimistically — says, and
 * reassigns the bucket exactly as it says when there is no room.
 */
describe('the move computes the same key as shared/sortKeys.ts', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof teamUser>>;
  let left: string;
  let right: string;
  let mover: string;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await teamUser(t.app, 'sort-keys@example.com');
    const create = async (description: string): Promise<string> =>
      (await createItem(t.app, owner.cookie, owner.projectId, { project: unscheduled(), item: { description } })).id;
    left = await create('Left');
    right = await create('Right');
    mover = await create('Mover');
  });
  afterAll(() => t.close());

  const setKey = (itemId: string, sortKey: number) =>
    t.app.db
      .update(projectContexts)
      .set({ sortKey })
      .where(and(eq(projectContexts.itemId, itemId), eq(projectContexts.projectId, owner.projectId)));

  /** A stored key: 4 decimals inside the bounds. */
  const storedKey = fc
    .double({ min: SORT_KEY_MIN, max: SORT_KEY_MAX, noNaN: true })
    .map((value) => roundSortKey(value));
  /**
   * Two neighbours in board order, often close together (where rounding and the no-room rule bite).
   * Distinct keys: with equal ones board order falls to the ids, which these two do not control.
   */
  const neighbours = fc
    .oneof(
      fc.tuple(storedKey, storedKey).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
      fc
        .tuple(storedKey, fc.integer({ min: 1, max: 3_000 }))
        .map(([low, units]) => [low, roundSortKey(Math.min(SORT_KEY_MAX, low + units / 10_000))]),
    )
    .filter(([low, high]) => low! < high!);

  it('between two neighbours, and at either end of the bucket', async () => {
    const seen = { placed: 0, reassigned: 0 };
    await fc.assert(
      fc.asyncProperty(neighbours, fc.constantFrom('between', 'first', 'last'), async ([low, high], where) => {
        // The mover sits far from both, so only the two named neighbours bound it.
        await setKey(left, low!);
        await setKey(right, high!);
        const orderUpdate =
          where === 'between'
            ? { leftNeighborId: left, rightNeighborId: right }
            : where === 'first'
              ? { leftNeighborId: null, rightNeighborId: left }
              : { leftNeighborId: right, rightNeighborId: null };
        await setKey(mover, where === 'first' ? SORT_KEY_MAX : where === 'last' ? SORT_KEY_MIN : SORT_KEY_MAX);
        const response = await move(t.app, owner.cookie, owner.projectId, mover, { orderUpdate });
        expect(response.statusCode).toBe(200);
        const answer = response.json().data as {
          projectPlanContext: { sortKey: number };
          rebalancedSortKeys?: { id: string; sortKey: number }[];
        };
        const expected =
          where === 'between'
            ? sortKeyBetween(low!, high!)
            : where === 'first'
              ? sortKeyBetween(null, low!)
              : sortKeyBetween(high!, null);
        if (expected !== null) {
          expect(answer.projectPlanContext.sortKey).toBe(expected);
          expect(answer.rebalancedSortKeys).toBeUndefined();
          seen.placed += 1;
        } else {
          seen.reassigned += 1;
          // No room: the bucket (these three) is reassigned evenly, in its new order.
          const order =
            where === 'between'
              ? [left, mover, right]
              : where === 'first'
                ? [mover, left, right]
                : [left, right, mover];
          const keys = rebalancedSortKeys(3);
          expect(answer.rebalancedSortKeys).toEqual(
            expect.arrayContaining(order.map((id, index) => ({ id, sortKey: keys[index] }))),
          );
        }
      }),
      { numRuns: 40 },
    );
    // Both rules were exercised, not only the common one.
    expect(seen.placed).toBeGreaterThan(0);
    expect(seen.reassigned).toBeGreaterThan(0);
  });
});
