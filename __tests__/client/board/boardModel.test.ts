import fc from 'fast-check';
import { Scope, Span } from '../../../src/shared/enums';
import {
  bucketKey,
  compareBuckets,
  parseBucketKey,
  weekIndexOfDay,
  type PlanBucket,
} from '../../../src/shared/timeframes';
import { boardColumns, moveTargets } from '../../../src/client/features/board/boardColumns';
import { dropPlace } from '../../../src/client/features/board/dropTarget';
import { itemFilter } from '../../../src/client/features/board/itemFilter';
import { initials } from '../../../src/client/features/board/people';

const day = (index: number, scope: Scope = Scope.InScope): PlanBucket => ({
  scope,
  assignedTimeframe: { span: Span.Day, index },
});
const week = (index: number, scope: Scope = Scope.InScope): PlanBucket => ({
  scope,
  assignedTimeframe: { span: Span.Week, index },
});
const none = (scope: Scope = Scope.InScope): PlanBucket => ({ scope, assignedTimeframe: null });
const key = bucketKey;

describe('dropPlace', () => {
  const buckets = { [key(day(10))]: ['a', 'b', 'c'], [key(week(3))]: ['x', 'y'] };

  it('on a card of its own bucket: takes that card’s place, both ways', () => {
    expect(
      dropPlace(buckets, 'a', key(day(10)), { type: 'item', id: 'c', bucketKey: key(day(10)), below: false }),
    ).toEqual({ to: day(10), index: 2 });
    expect(
      dropPlace(buckets, 'c', key(day(10)), { type: 'item', id: 'a', bucketKey: key(day(10)), below: true }),
    ).toEqual({ to: day(10), index: 0 });
    expect(
      dropPlace(buckets, 'b', key(day(10)), { type: 'item', id: 'b', bucketKey: key(day(10)), below: false }),
    ).toBeNull();
  });

  it('on a card of another bucket: before it, or after it when let go below its middle', () => {
    expect(
      dropPlace(buckets, 'a', key(day(10)), { type: 'item', id: 'y', bucketKey: key(week(3)), below: false }),
    ).toEqual({ to: week(3), index: 1 });
    expect(
      dropPlace(buckets, 'a', key(day(10)), { type: 'item', id: 'y', bucketKey: key(week(3)), below: true }),
    ).toEqual({ to: week(3), index: 2 });
  });

  it('on another bucket itself: the start of an earlier one, the end of a later one (spec §4)', () => {
    expect(dropPlace(buckets, 'a', key(day(10)), { type: 'bucket', bucketKey: key(week(3)) })).toEqual({
      to: week(3),
      index: 2,
    });
    expect(dropPlace(buckets, 'x', key(week(3)), { type: 'bucket', bucketKey: key(day(10)) })).toEqual({
      to: day(10),
      index: 0,
    });
    expect(dropPlace(buckets, 'x', key(week(3)), { type: 'bucket', bucketKey: key(none(Scope.OutOfScope)) })).toEqual({
      to: none(Scope.OutOfScope),
      index: 0,
    });
    expect(dropPlace(buckets, 'x', key(week(3)), { type: 'bucket', bucketKey: key(week(3)) })).toBeNull();
  });

  it('always lands inside the target list', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), fc.boolean(), (length, at, below) => {
        const ids = Array.from({ length }, (_, i) => `t${i}`);
        const target = ids[Math.min(at, length - 1)];
        const over = target
          ? ({ type: 'item', id: target, bucketKey: key(week(3)), below } as const)
          : ({ type: 'bucket', bucketKey: key(week(3)) } as const);
        const place = dropPlace({ [key(week(3))]: ids, [key(day(1))]: ['m'] }, 'm', key(day(1)), over);
        expect(place).not.toBeNull();
        expect(place!.index).toBeGreaterThanOrEqual(0);
        expect(place!.index).toBeLessThanOrEqual(length);
      }),
    );
  });
});

describe('boardColumns', () => {
  const today = 20_779; // Sun 22 Nov 2026
  const milestones = [
    { index: 1, name: 'Launch', targetDate: '2027-02-01' },
    { index: 0, name: 'Beta', targetDate: '2027-01-01' },
  ];

  it('offers today, tomorrow, three weeks, the milestones and unscheduled in scope; unscheduled out of scope', () => {
    const [inScope, outOfScope] = boardColumns([], milestones, today);
    expect(inScope!.columns.map((c) => [c.label, c.detail])).toEqual([
      ['Sun 22 Nov', 'Today'],
      ['Mon 23 Nov', 'Tomorrow'],
      ['Week of 16 Nov', 'This week'],
      ['Week of 23 Nov', 'Next week'],
      ['Week of 30 Nov', null],
      ['Beta', 'Due 1 Jan'],
      ['Launch', 'Due 1 Feb'],
      ['Unscheduled', null],
    ]);
    expect(outOfScope!.columns.map((c) => c.label)).toEqual(['Unscheduled']);
  });

  it('adds every occupied bucket, past ones marked, all in plan order', () => {
    const occupied = [key(day(today - 2)), key(week(weekIndexOfDay(today) + 9)), key(day(today + 4, Scope.OutOfScope))];
    const groups = boardColumns(occupied, [], today);
    const all = groups.flatMap((group) => group.columns);
    expect(all.find((c) => c.key === key(day(today - 2)))).toMatchObject({ past: true, label: 'Fri 20 Nov' });
    const buckets = all.map((c) => c.bucket);
    expect([...buckets].sort(compareBuckets)).toEqual(buckets);
    expect(groups[1]!.columns.map((c) => c.label)).toEqual(['Thu 26 Nov', 'Unscheduled']);
  });

  it('"Move to…" also offers the coming week’s days and six weeks, still in plan order', () => {
    const targets = moveTargets(boardColumns([], [], today), today, []);
    const labels = targets[0]!.columns.map((c) => c.label);
    expect(labels.slice(0, 7)).toEqual([
      'Sun 22 Nov',
      'Mon 23 Nov',
      'Tue 24 Nov',
      'Wed 25 Nov',
      'Thu 26 Nov',
      'Fri 27 Nov',
      'Sat 28 Nov',
    ]);
    expect(labels.filter((label) => label.startsWith('Week of'))).toHaveLength(6);
    expect(targets[0]!.columns.every((c) => parseBucketKey(c.key) !== null)).toBe(true);
  });
});

describe('helpers', () => {
  it('filters items by kind, hand-off status and search matches', () => {
    const item = (id: string, itemType: number, workflowStatus = 0) => ({ id, itemType, workflowStatus }) as never;
    expect(itemFilter(null, null, null)).toBeNull();
    const filter = itemFilter(1, null, new Set(['a', 'b']))!;
    expect([filter(item('a', 1)), filter(item('b', 2)), filter(item('c', 1))]).toEqual([true, false, false]);
    const sent = itemFilter(null, 1, null)!;
    expect([sent(item('a', 1, 1)), sent(item('b', 1, 0)), sent(item('c', 2, 2))]).toEqual([true, false, false]);
    const untouched = itemFilter(null, 0, null)!;
    expect([untouched(item('a', 1, 0)), untouched(item('b', 1, 3))]).toEqual([true, false]);
  });

  it('initials come from the e-mail’s local part', () => {
    expect(initials('ada.lovelace@example.com')).toBe('AL');
    expect(initials('grace@example.com')).toBe('GR');
  });
});
