/**
 * Timeframes and plan buckets (spec §3–§4, design §5). A timeframe is {span, index} or null
 * (unscheduled). Day index = days since 1970-01-01 in the team's time zone; week index = weeks since
 * Monday 1970-01-05; milestone index = the index of a milestone defined on the project.
 */
import { Scope, Span } from './enums';

export interface Timeframe {
  span: Span;
  index: number;
}

/** Where an item sits on a project's plan: scope × timeframe. */
export interface PlanBucket {
  scope: Scope;
  assignedTimeframe: Timeframe | null;
}

export interface MilestoneLike {
  index: number;
  name: string;
  /** ISO date, YYYY-MM-DD. */
  targetDate: string;
}

const SpanCodes = [Span.Day, Span.Week, Span.Milestone] as const;
const ScopeCodes = [Scope.InScope, Scope.OutOfScope] as const;

export function isSpan(value: unknown): value is Span {
  return (SpanCodes as readonly unknown[]).includes(value);
}

export function isScope(value: unknown): value is Scope {
  return (ScopeCodes as readonly unknown[]).includes(value);
}

const DAY_MS = 86_400_000;
/** Day index of Monday 1970-01-05, where week 0 starts. */
const FIRST_MONDAY = 4;

/** Days since 1970-01-01 of an ISO date (YYYY-MM-DD); NaN when it is not one. */
export function dayIndexOfIsoDate(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return Number.NaN;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return Number.NaN;
  return Math.round(ms / DAY_MS);
}

/** The ISO date (YYYY-MM-DD) of a day index. */
export function isoDateOfDayIndex(dayIndex: number): string {
  return new Date(dayIndex * DAY_MS).toISOString().slice(0, 10);
}

/** The day index of an instant in a time zone (IANA name; UTC by default). */
export function dayIndexOf(instant: Date, timeZone = 'UTC'): number {
  if (timeZone === 'UTC') return Math.floor(instant.getTime() / DAY_MS);
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return dayIndexOfIsoDate(`${parts.year}-${parts.month}-${parts.day}`);
}

/** The week (index) a day belongs to; weeks start on Monday. */
export function weekIndexOfDay(dayIndex: number): number {
  return Math.floor((dayIndex - FIRST_MONDAY) / 7);
}

/** Day index of a week's Monday. */
export function firstDayOfWeek(weekIndex: number): number {
  return FIRST_MONDAY + 7 * weekIndex;
}

export const dayTimeframe = (dayIndex: number): Timeframe => ({ span: Span.Day, index: dayIndex });

function sameTimeframe(a: Timeframe | null, b: Timeframe | null): boolean {
  if (a === null || b === null) return a === b;
  return a.span === b.span && a.index === b.index;
}

export function sameBucket(a: PlanBucket, b: PlanBucket): boolean {
  return a.scope === b.scope && sameTimeframe(a.assignedTimeframe, b.assignedTimeframe);
}

/** Order of timeframes inside a scope: days, then weeks, then milestones, each by index; unscheduled last. */
function compareTimeframes(a: Timeframe | null, b: Timeframe | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a.span - b.span || a.index - b.index;
}

/** Board order of buckets (spec §4): scope first (in-scope before out-of-scope), then timeframe. */
export function compareBuckets(a: PlanBucket, b: PlanBucket): number {
  return a.scope - b.scope || compareTimeframes(a.assignedTimeframe, b.assignedTimeframe);
}

/** True when `target` comes after `source` on the board. */
export function isLaterBucket(target: PlanBucket, source: PlanBucket): boolean {
  return compareBuckets(target, source) > 0;
}

/**
 * Where an item moved to another bucket without explicit neighbours lands (spec §4, "Move to…"): at the
 * start of an earlier bucket, at the end of a later one.
 */
export function placementForMove(source: PlanBucket, target: PlanBucket): 'start' | 'end' {
  return isLaterBucket(target, source) ? 'end' : 'start';
}

/** A stable string for a bucket, usable as a map key: `<scope>:<span>:<index>` or `<scope>:unscheduled`. */
export function bucketKey(bucket: PlanBucket): string {
  const timeframe = bucket.assignedTimeframe;
  return timeframe === null ? `${bucket.scope}:unscheduled` : `${bucket.scope}:${timeframe.span}:${timeframe.index}`;
}

/** The bucket a `bucketKey` names, or null when the string is not one. */
export function parseBucketKey(key: string): PlanBucket | null {
  const parts = key.split(':');
  const scope = Number(parts[0]);
  if (!isScope(scope)) return null;
  if (parts.length === 2 && parts[1] === 'unscheduled') return { scope, assignedTimeframe: null };
  if (parts.length !== 3) return null;
  const span = Number(parts[1]);
  const index = Number(parts[2]);
  if (!isSpan(span) || !Number.isInteger(index)) return null;
  return { scope, assignedTimeframe: { span, index } };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayMonth(dayIndex: number): string {
  const date = new Date(dayIndex * DAY_MS);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** The bucket header: "Tue 24 Nov", "Week of 30 Nov", the milestone's name, or "Unscheduled". */
export function timeframeLabel(timeframe: Timeframe | null, milestones: readonly MilestoneLike[] = []): string {
  if (timeframe === null) return 'Unscheduled';
  switch (timeframe.span) {
    case Span.Day:
      return `${WEEKDAYS[new Date(timeframe.index * DAY_MS).getUTCDay()]} ${dayMonth(timeframe.index)}`;
    case Span.Week:
      return `Week of ${dayMonth(firstDayOfWeek(timeframe.index))}`;
    case Span.Milestone:
      // A milestone no longer in the project (removed since; the history still names where the item was).
      return milestones.find((m) => m.index === timeframe.index)?.name ?? 'A removed milestone';
  }
}

export function scopeLabel(scope: Scope): string {
  return scope === Scope.InScope ? 'In scope' : 'Out of scope';
}

/** Milestones in plan order (by index). */
export function sortedMilestones<T extends MilestoneLike>(milestones: readonly T[]): T[] {
  return [...milestones].sort((a, b) => a.index - b.index);
}

/**
 * Milestones must be in date order: sorted by index, target dates never go backwards, indexes unique.
 * Answers the problem in words, or null when they are fine.
 */
export function milestoneProblem(milestones: readonly MilestoneLike[]): string | null {
  const seen = new Set<number>();
  for (const milestone of milestones) {
    if (seen.has(milestone.index)) return `milestone index ${milestone.index} is used twice`;
    seen.add(milestone.index);
    if (Number.isNaN(dayIndexOfIsoDate(milestone.targetDate))) {
      return `milestone ${milestone.index} has no valid targetDate`;
    }
  }
  const sorted = sortedMilestones(milestones);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (current.targetDate < previous.targetDate) {
      return `milestone ${current.index} is due before milestone ${previous.index}; order milestones by date`;
    }
  }
  return null;
}

/** Inclusive index range; lo > hi means empty. */
export interface IndexRange {
  lo: number;
  hi: number;
}

/** What a timeframe contains, as index ranges per span (including itself). */
export interface Containment {
  days: IndexRange | null;
  weeks: IndexRange | null;
  milestones: IndexRange | null;
}

/**
 * The days (as day-index range) a milestone covers: after the previous milestone's target date, up to
 * and including its own. The first milestone starts at the beginning of time. Null if it is unknown.
 */
function milestoneDayRange(index: number, milestones: readonly MilestoneLike[]): IndexRange | null {
  const sorted = sortedMilestones(milestones);
  const at = sorted.findIndex((m) => m.index === index);
  if (at < 0) return null;
  const hi = dayIndexOfIsoDate(sorted[at]!.targetDate);
  const lo = at === 0 ? Number.MIN_SAFE_INTEGER : dayIndexOfIsoDate(sorted[at - 1]!.targetDate) + 1;
  return { lo, hi };
}

/**
 * What a timeframe contains (design §5): a day itself; a week itself and its seven days; a milestone
 * itself, the days after the previous milestone's target date up to its own, and the weeks whose Monday
 * falls in those days. Null for a milestone the project does not define.
 */
export function containment(timeframe: Timeframe, milestones: readonly MilestoneLike[] = []): Containment | null {
  switch (timeframe.span) {
    case Span.Day:
      return { days: { lo: timeframe.index, hi: timeframe.index }, weeks: null, milestones: null };
    case Span.Week: {
      const monday = firstDayOfWeek(timeframe.index);
      return {
        days: { lo: monday, hi: monday + 6 },
        weeks: { lo: timeframe.index, hi: timeframe.index },
        milestones: null,
      };
    }
    case Span.Milestone: {
      const days = milestoneDayRange(timeframe.index, milestones);
      if (!days) return null;
      const weeks = {
        lo: days.lo === Number.MIN_SAFE_INTEGER ? Number.MIN_SAFE_INTEGER : weekIndexOfDay(days.lo - 1) + 1,
        hi: weekIndexOfDay(days.hi),
      };
      return { days, weeks, milestones: { lo: timeframe.index, hi: timeframe.index } };
    }
  }
}

const inRange = (range: IndexRange | null, index: number) => range !== null && index >= range.lo && index <= range.hi;

/** Whether `outer` contains `inner` (a timeframe contains itself). */
export function timeframeContains(
  outer: Timeframe,
  inner: Timeframe,
  milestones: readonly MilestoneLike[] = [],
): boolean {
  const contained = containment(outer, milestones);
  if (!contained) return false;
  switch (inner.span) {
    case Span.Day:
      return inRange(contained.days, inner.index);
    case Span.Week:
      return inRange(contained.weeks, inner.index);
    case Span.Milestone:
      return inRange(contained.milestones, inner.index);
  }
}

/**
 * The board's timeframe filter (spec §7 query): undefined shows everything, null only unscheduled
 * items, a timeframe what it contains.
 */
export function matchesTimeframeFilter(
  timeframe: Timeframe | null,
  filter: Timeframe | null | undefined,
  milestones: readonly MilestoneLike[] = [],
): boolean {
  if (filter === undefined) return true;
  if (filter === null || timeframe === null) return filter === timeframe;
  return timeframeContains(filter, timeframe, milestones);
}
