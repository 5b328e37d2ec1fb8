import fc from 'fast-check';
import {
  compareSortKeys,
  MIN_SORT_KEY_GAP,
  needsRebalance,
  rebalancedSortKey,
  rebalancedSortKeys,
  roundSortKey,
  SORT_KEY_MAX,
  SORT_KEY_MIN,
  sortKeyBetween,
  sortKeysBetween,
} from '../../src/shared/sortKeys';

/** A key as the server stores them: inside the bounds, 4 decimals. */
const storedKey = fc.integer({ min: SORT_KEY_MIN * 10_000, max: SORT_KEY_MAX * 10_000 }).map((n) => n / 10_000);
const hasFourDecimals = (key: number) => Math.abs(key * 10_000 - Math.round(key * 10_000)) < 1e-6;
/** A gap in whole 1/10000 steps, free of floating-point noise. */
const units = (gap: number) => Math.round(gap * 10_000);

describe('sort keys (spec §4, §9)', () => {
  it('uses the bounds -50000 and 50000 when a neighbour is missing', () => {
    expect(sortKeyBetween(null, null)).toBe(0);
    expect(sortKeyBetween(null, 0)).toBe(-25000);
    expect(sortKeyBetween(0, null)).toBe(25000);
    expect(sortKeyBetween(SORT_KEY_MAX - 0.2, null)).toBe(49999.9);
  });

  it('rounds the midpoint to 4 decimals', () => {
    expect(sortKeyBetween(1, 1.33333)).toBe(1.1667);
    expect(sortKeyBetween(0.00001, 0.20002)).toBe(0.1);
    expect(roundSortKey(-0.00001)).toBe(0);
    expect(Object.is(roundSortKey(-0.00001), -0)).toBe(false);
  });

  it('property: the key lies strictly between the neighbours, with 4 decimals, whenever the gap is at least 0.1', () => {
    fc.assert(
      fc.property(storedKey, storedKey, (a, b) => {
        const [left, right] = a <= b ? [a, b] : [b, a];
        const key = sortKeyBetween(left, right);
        if (units(right - left) < units(MIN_SORT_KEY_GAP)) return key === null;
        return key !== null && key > left && key < right && hasFourDecimals(key);
      }),
    );
  });

  it('property: a missing neighbour behaves as the bound', () => {
    fc.assert(
      fc.property(storedKey, (key) => {
        expect(sortKeyBetween(key, null)).toBe(sortKeyBetween(key, SORT_KEY_MAX));
        expect(sortKeyBetween(null, key)).toBe(sortKeyBetween(SORT_KEY_MIN, key));
      }),
    );
  });

  it('asks for a rebalance exactly when the gap is under 0.1', () => {
    expect(needsRebalance(1, 1.0999)).toBe(true);
    expect(needsRebalance(1, 1.1)).toBe(false);
    expect(needsRebalance(SORT_KEY_MAX - 0.05, null)).toBe(true);
    expect(needsRebalance(null, SORT_KEY_MIN + 0.1)).toBe(false);
  });

  it('appending to one bucket runs out of room after 20 appends (the rebalance is routine)', () => {
    let last: number | null = null;
    let appends = 0;
    for (;;) {
      const key = sortKeyBetween(last, null);
      if (key === null) break;
      last = key;
      appends++;
    }
    expect(appends).toBe(20);
  });

  it('property: several keys between neighbours are increasing, inside, 4 decimals, or null when they do not fit', () => {
    fc.assert(
      fc.property(
        fc.option(storedKey, { nil: null }),
        fc.option(storedKey, { nil: null }),
        fc.integer({ min: 1, max: 60 }),
        (a, b, count) => {
          const [left, right] = a !== null && b !== null && a > b ? [b, a] : [a, b];
          const keys = sortKeysBetween(left, right, count);
          const low = left ?? SORT_KEY_MIN;
          const high = right ?? SORT_KEY_MAX;
          if (units(high - low) < (count + 1) * units(MIN_SORT_KEY_GAP / 2)) return keys === null;
          if (keys === null || keys.length !== count) return false;
          return keys.every(
            (key, i) => key > low && key < high && hasFourDecimals(key) && (i === 0 || key > keys[i - 1]!),
          );
        },
      ),
    );
  });

  it('one key between neighbours is the midpoint rule', () => {
    fc.assert(
      fc.property(storedKey, storedKey, (a, b) => {
        const [left, right] = a <= b ? [a, b] : [b, a];
        expect(sortKeysBetween(left, right, 1)).toEqual(
          sortKeyBetween(left, right) === null ? null : [sortKeyBetween(left, right)],
        );
      }),
    );
  });

  it('property: a reassigned bucket is evenly spaced, strictly increasing, inside the bounds, with room between keys', () => {
    const wellSpaced = (count: number) => {
      const keys = rebalancedSortKeys(count);
      const step = (SORT_KEY_MAX - SORT_KEY_MIN) / (count + 1);
      return (
        keys.length === count &&
        keys.every(
          (key, i) =>
            key > SORT_KEY_MIN &&
            key < SORT_KEY_MAX &&
            hasFourDecimals(key) &&
            Math.abs(key - (SORT_KEY_MIN + step * (i + 1))) <= 0.00005 + 1e-9 &&
            (i === 0 || units(key - keys[i - 1]!) >= units(MIN_SORT_KEY_GAP)),
        )
      );
    };
    fc.assert(fc.property(fc.integer({ min: 1, max: 3000 }), wellSpaced), { numRuns: 40 });
    expect(wellSpaced(10_000)).toBe(true);
  });

  it('reassigns symmetric keys around 0', () => {
    expect(rebalancedSortKeys(1)).toEqual([0]);
    expect(rebalancedSortKeys(3)).toEqual([-25000, 0, 25000]);
    expect(rebalancedSortKey(1, 2)).toBe(-16666.6667);
    expect(rebalancedSortKey(2, 2)).toBe(16666.6667);
  });

  it('orders by key, then by id', () => {
    const list = [
      { id: 'b', sortKey: 1 },
      { id: 'a', sortKey: 1 },
      { id: 'c', sortKey: -3 },
    ].sort(compareSortKeys);
    expect(list.map((x) => x.id)).toEqual(['c', 'a', 'b']);
  });
});
