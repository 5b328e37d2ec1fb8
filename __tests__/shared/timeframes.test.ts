import fc from 'fast-check';
import {
  bucketKey,
  compareBuckets,
  containment,
  dayIndexOf,
  dayIndexOfIsoDate,
  firstDayOfWeek,
  isLaterBucket,
  isoDateOfDayIndex,
  matchesTimeframeFilter,
  milestoneProblem,
  parseBucketKey,
  placementForMove,
  timeframeContains,
  timeframeLabel,
  weekIndexOfDay,
  type PlanBucket,
  type Timeframe,
} from '../../src/shared/timeframes';
import { Span } from '../../src/shared/enums';

const milestones = [
  { index: 0, name: 'Beta', targetDate: '2026-12-04' },
  { index: 1, name: 'Launch', targetDate: '2027-01-15' },
];
const day = (iso: string): Timeframe => ({ span: Span.Day, index: dayIndexOfIsoDate(iso) });
const week = (mondayIso: string): Timeframe => ({
  span: Span.Week,
  index: weekIndexOfDay(dayIndexOfIsoDate(mondayIso)),
});

const timeframe: fc.Arbitrary<Timeframe | null> = fc.oneof(
  fc.constant(null),
  fc.record({ span: fc.constant(Span.Day), index: fc.integer({ min: 0, max: 40_000 }) }),
  fc.record({ span: fc.constant(Span.Week), index: fc.integer({ min: 0, max: 6_000 }) }),
  fc.record({ span: fc.constant(Span.Milestone), index: fc.integer({ min: 0, max: 1 }) }),
);
const bucket: fc.Arbitrary<PlanBucket> = fc.record({
  scope: fc.constantFrom(0 as const, 1 as const),
  assignedTimeframe: timeframe,
});

describe('timeframe indexes (design §5)', () => {
  it('counts days since 1970-01-01 and weeks since Monday 1970-01-05', () => {
    expect(dayIndexOfIsoDate('1970-01-01')).toBe(0);
    expect(dayIndexOfIsoDate('1970-01-05')).toBe(4);
    expect(weekIndexOfDay(4)).toBe(0);
    expect(weekIndexOfDay(3)).toBe(-1);
    expect(weekIndexOfDay(10)).toBe(0);
    expect(weekIndexOfDay(11)).toBe(1);
    expect(isoDateOfDayIndex(firstDayOfWeek(weekIndexOfDay(dayIndexOfIsoDate('2026-11-26'))))).toBe('2026-11-23');
    expect(Number.isNaN(dayIndexOfIsoDate('2026-02-30'))).toBe(true);
  });

  it('reads the day in the team time zone', () => {
    const instant = new Date('2026-11-24T23:30:00Z');
    expect(dayIndexOf(instant)).toBe(dayIndexOfIsoDate('2026-11-24'));
    expect(dayIndexOf(instant, 'Europe/Berlin')).toBe(dayIndexOfIsoDate('2026-11-25'));
    expect(dayIndexOf(instant, 'America/Los_Angeles')).toBe(dayIndexOfIsoDate('2026-11-24'));
  });

  it('property: ISO dates and day indexes round-trip; a week holds seven consecutive days from a Monday', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 60_000 }), (dayIndex) => {
        expect(dayIndexOfIsoDate(isoDateOfDayIndex(dayIndex))).toBe(dayIndex);
        const monday = firstDayOfWeek(weekIndexOfDay(dayIndex));
        expect(dayIndex - monday).toBeGreaterThanOrEqual(0);
        expect(dayIndex - monday).toBeLessThan(7);
        expect(new Date(monday * 86_400_000).getUTCDay()).toBe(1);
      }),
    );
  });
});

describe('bucket order (spec §4)', () => {
  it('goes in-scope first, then days, weeks, milestones, unscheduled last within a scope', () => {
    const ordered: PlanBucket[] = [
      { scope: 0, assignedTimeframe: day('2026-11-24') },
      { scope: 0, assignedTimeframe: day('2026-11-25') },
      { scope: 0, assignedTimeframe: week('2026-11-23') },
      { scope: 0, assignedTimeframe: week('2026-11-30') },
      { scope: 0, assignedTimeframe: { span: Span.Milestone, index: 0 } },
      { scope: 0, assignedTimeframe: null },
      { scope: 1, assignedTimeframe: day('2026-11-20') },
      { scope: 1, assignedTimeframe: null },
    ];
    const shuffled = [...ordered].reverse().sort(compareBuckets);
    expect(shuffled).toEqual(ordered);
  });

  it('property: the order is a total order consistent with bucket keys', () => {
    fc.assert(
      fc.property(bucket, bucket, bucket, (a, b, c) => {
        expect(Math.sign(compareBuckets(a, b)) + Math.sign(compareBuckets(b, a))).toBe(0);
        if (compareBuckets(a, b) <= 0 && compareBuckets(b, c) <= 0) expect(compareBuckets(a, c)).toBeLessThanOrEqual(0);
        expect(compareBuckets(a, b) === 0).toBe(bucketKey(a) === bucketKey(b));
      }),
    );
  });

  it('property: unscheduled is last within its scope', () => {
    fc.assert(
      fc.property(bucket, (b) => {
        const unscheduled: PlanBucket = { scope: b.scope, assignedTimeframe: null };
        expect(compareBuckets(b, unscheduled)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('property: bucket keys round-trip', () => {
    fc.assert(fc.property(bucket, (b) => expect(parseBucketKey(bucketKey(b))).toEqual(b)));
    expect(parseBucketKey('2:unscheduled')).toBeNull();
    expect(parseBucketKey('0:3:1')).toBeNull();
    expect(parseBucketKey('nonsense')).toBeNull();
  });

  it('"Move to…" places at the start of an earlier bucket and the end of a later one', () => {
    const source: PlanBucket = { scope: 0, assignedTimeframe: week('2026-11-30') };
    const earlier: PlanBucket = { scope: 0, assignedTimeframe: day('2026-11-24') };
    const later: PlanBucket = { scope: 0, assignedTimeframe: null };
    expect(isLaterBucket(later, source)).toBe(true);
    expect(isLaterBucket(earlier, source)).toBe(false);
    expect(placementForMove(source, earlier)).toBe('start');
    expect(placementForMove(source, later)).toBe('end');
    expect(placementForMove(source, { scope: 1, assignedTimeframe: day('2026-11-24') })).toBe('end');
  });
});

describe('labels', () => {
  it('reads like the board headers', () => {
    expect(timeframeLabel(day('2026-11-24'))).toBe('Tue 24 Nov');
    expect(timeframeLabel(week('2026-11-30'))).toBe('Week of 30 Nov');
    expect(timeframeLabel(week('2026-12-02'))).toBe('Week of 30 Nov');
    expect(timeframeLabel({ span: Span.Milestone, index: 1 }, milestones)).toBe('Launch');
    expect(timeframeLabel({ span: Span.Milestone, index: 7 }, milestones)).toBe('A removed milestone');
    expect(timeframeLabel(null)).toBe('Unscheduled');
  });
});

describe('containment (design §5)', () => {
  it('a week contains its seven days, not the days around it', () => {
    const w = week('2026-11-23');
    for (const iso of ['2026-11-23', '2026-11-26', '2026-11-29']) expect(timeframeContains(w, day(iso))).toBe(true);
    for (const iso of ['2026-11-22', '2026-11-30']) expect(timeframeContains(w, day(iso))).toBe(false);
    expect(timeframeContains(w, w)).toBe(true);
    expect(timeframeContains(day('2026-11-23'), w)).toBe(false);
  });

  it('a milestone contains the days after the previous target date up to its own, and the weeks starting then', () => {
    const launch = { span: Span.Milestone, index: 1 } as Timeframe;
    const beta = { span: Span.Milestone, index: 0 } as Timeframe;
    expect(timeframeContains(launch, day('2026-12-04'), milestones)).toBe(false);
    expect(timeframeContains(beta, day('2026-12-04'), milestones)).toBe(true);
    expect(timeframeContains(launch, day('2026-12-05'), milestones)).toBe(true);
    expect(timeframeContains(launch, day('2027-01-15'), milestones)).toBe(true);
    expect(timeframeContains(launch, day('2027-01-16'), milestones)).toBe(false);
    expect(timeframeContains(beta, day('2020-01-01'), milestones)).toBe(true);
    expect(timeframeContains(launch, week('2026-12-07'), milestones)).toBe(true);
    expect(timeframeContains(launch, week('2027-01-11'), milestones)).toBe(true);
    expect(timeframeContains(launch, week('2026-11-30'), milestones)).toBe(false);
    expect(timeframeContains(beta, week('2026-11-30'), milestones)).toBe(true);
    expect(timeframeContains(launch, launch, milestones)).toBe(true);
    expect(timeframeContains(launch, beta, milestones)).toBe(false);
    expect(containment({ span: Span.Milestone, index: 9 }, milestones)).toBeNull();
  });

  it('property: every day belongs to exactly one week, and to at most one milestone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 18_000, max: 22_000 }), (dayIndex) => {
        const d: Timeframe = { span: Span.Day, index: dayIndex };
        const w = weekIndexOfDay(dayIndex);
        const weeks = [w - 1, w, w + 1].filter((i) => timeframeContains({ span: Span.Week, index: i }, d));
        expect(weeks).toEqual([w]);
        const inMilestones = milestones.filter((m) =>
          timeframeContains({ span: Span.Milestone, index: m.index }, d, milestones),
        );
        expect(inMilestones.length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('property: containment is transitive for weeks inside milestones and days inside weeks starting in them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2_900, max: 2_950 }), fc.constantFrom(0, 1), (weekIndex, milestoneIndex) => {
        const m: Timeframe = { span: Span.Milestone, index: milestoneIndex };
        const w: Timeframe = { span: Span.Week, index: weekIndex };
        const monday: Timeframe = { span: Span.Day, index: firstDayOfWeek(weekIndex) };
        if (timeframeContains(m, w, milestones)) expect(timeframeContains(m, monday, milestones)).toBe(true);
      }),
    );
  });

  it('filters: undefined shows everything, null only unscheduled, a timeframe what it contains', () => {
    expect(matchesTimeframeFilter(null, undefined)).toBe(true);
    expect(matchesTimeframeFilter(day('2026-11-24'), undefined)).toBe(true);
    expect(matchesTimeframeFilter(null, null)).toBe(true);
    expect(matchesTimeframeFilter(day('2026-11-24'), null)).toBe(false);
    expect(matchesTimeframeFilter(null, week('2026-11-23'))).toBe(false);
    expect(matchesTimeframeFilter(day('2026-11-24'), week('2026-11-23'))).toBe(true);
  });
});

describe('milestone rules', () => {
  it('needs unique indexes and target dates in index order', () => {
    expect(milestoneProblem(milestones)).toBeNull();
    expect(milestoneProblem([...milestones, { index: 1, name: 'Again', targetDate: '2027-02-01' }])).toMatch(/twice/);
    expect(
      milestoneProblem([
        { index: 0, name: 'A', targetDate: '2027-02-01' },
        { index: 1, name: 'B', targetDate: '2027-01-01' },
      ]),
    ).toMatch(/before/);
    expect(milestoneProblem([{ index: 0, name: 'A', targetDate: '2027-02-30' }])).toMatch(/targetDate/);
  });
});
