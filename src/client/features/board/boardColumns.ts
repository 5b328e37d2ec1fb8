/**
 * Which buckets the board shows, in plan order (spec §4, design §5): per scope (in-scope first), days,
 * then weeks, then milestones, then unscheduled. Near work is fine-grained: today and tomorrow, this
 * week and the next two; every bucket that holds items shows too, and every milestone of the project.
 */
import { Scope, Span } from '../../../shared/enums';
import {
  bucketKey,
  compareBuckets,
  dayIndexOf,
  dayIndexOfIsoDate,
  parseBucketKey,
  scopeLabel,
  timeframeLabel,
  weekIndexOfDay,
  type MilestoneLike,
  type PlanBucket,
} from '../../../shared/timeframes';

export interface BoardColumn {
  key: string;
  bucket: PlanBucket;
  /** "Tue 24 Nov", "Week of 30 Nov", the milestone's name, "Unscheduled". */
  label: string;
  /** A second, quieter line: "Today", "This week", "Due 12 Dec"… */
  detail: string | null;
  /** Where in the plan it sits relative to today. */
  past: boolean;
}

export interface ScopeGroup {
  scope: Scope;
  label: string;
  columns: BoardColumn[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function shortDate(isoDate: string): string {
  const [, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]}`;
}

/** Today's day index in the browser's time zone (the team's, for nearly every team). */
export function todayIndex(now: Date = new Date()): number {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  try {
    return dayIndexOf(now, timeZone);
  } catch {
    return dayIndexOf(now);
  }
}

function detailOf(
  bucket: PlanBucket,
  today: number,
  milestones: readonly MilestoneLike[],
): { detail: string | null; past: boolean } {
  const timeframe = bucket.assignedTimeframe;
  if (timeframe === null) return { detail: null, past: false };
  if (timeframe.span === Span.Day) {
    const offset = timeframe.index - today;
    const detail = offset === 0 ? 'Today' : offset === 1 ? 'Tomorrow' : offset === -1 ? 'Yesterday' : null;
    return { detail, past: offset < 0 };
  }
  if (timeframe.span === Span.Week) {
    const offset = timeframe.index - weekIndexOfDay(today);
    const detail = offset === 0 ? 'This week' : offset === 1 ? 'Next week' : offset === -1 ? 'Last week' : null;
    return { detail, past: offset < 0 };
  }
  const milestone = milestones.find((m) => m.index === timeframe.index);
  if (!milestone) return { detail: null, past: false };
  return {
    detail: `Due ${shortDate(milestone.targetDate)}`,
    past: dayIndexOfIsoDate(milestone.targetDate) < today,
  };
}

export function columnOf(bucket: PlanBucket, today: number, milestones: readonly MilestoneLike[]): BoardColumn {
  return {
    key: bucketKey(bucket),
    bucket,
    label: timeframeLabel(bucket.assignedTimeframe, milestones),
    ...detailOf(bucket, today, milestones),
  };
}

/** The buckets a scope always offers, whether or not they hold items. */
export function defaultBuckets(scope: Scope, today: number, milestones: readonly MilestoneLike[]): PlanBucket[] {
  const buckets: PlanBucket[] = [{ scope, assignedTimeframe: null }];
  if (scope !== Scope.InScope) return buckets;
  const week = weekIndexOfDay(today);
  buckets.push(
    { scope, assignedTimeframe: { span: Span.Day, index: today } },
    { scope, assignedTimeframe: { span: Span.Day, index: today + 1 } },
    { scope, assignedTimeframe: { span: Span.Week, index: week } },
    { scope, assignedTimeframe: { span: Span.Week, index: week + 1 } },
    { scope, assignedTimeframe: { span: Span.Week, index: week + 2 } },
    ...milestones.map((m) => ({ scope, assignedTimeframe: { span: Span.Milestone, index: m.index } })),
  );
  return buckets;
}

/** The board's scope groups and columns: default buckets plus every bucket that holds items. */
export function boardColumns(
  occupiedKeys: readonly string[],
  milestones: readonly MilestoneLike[],
  today: number,
): ScopeGroup[] {
  const byKey = new Map<string, PlanBucket>();
  for (const scope of [Scope.InScope, Scope.OutOfScope]) {
    for (const bucket of defaultBuckets(scope, today, milestones)) byKey.set(bucketKey(bucket), bucket);
  }
  for (const key of occupiedKeys) {
    const bucket = parseBucketKey(key);
    if (bucket) byKey.set(key, bucket);
  }
  const ordered = [...byKey.values()].sort(compareBuckets);
  return [Scope.InScope, Scope.OutOfScope].map((scope) => ({
    scope,
    label: scopeLabel(scope),
    columns: ordered.filter((bucket) => bucket.scope === scope).map((bucket) => columnOf(bucket, today, milestones)),
  }));
}

/** Where "Move to…" offers to send an item: the board's columns plus the coming week's days and weeks. */
export function moveTargets(
  groups: readonly ScopeGroup[],
  today: number,
  milestones: readonly MilestoneLike[],
): ScopeGroup[] {
  return groups.map((group) => {
    const byKey = new Map(group.columns.map((column) => [column.key, column.bucket]));
    if (group.scope === Scope.InScope) {
      const week = weekIndexOfDay(today);
      for (let day = today; day < today + 7; day++) {
        const bucket: PlanBucket = { scope: group.scope, assignedTimeframe: { span: Span.Day, index: day } };
        byKey.set(bucketKey(bucket), bucket);
      }
      for (let offset = 0; offset < 6; offset++) {
        const bucket: PlanBucket = { scope: group.scope, assignedTimeframe: { span: Span.Week, index: week + offset } };
        byKey.set(bucketKey(bucket), bucket);
      }
    }
    const columns = [...byKey.values()].sort(compareBuckets).map((bucket) => columnOf(bucket, today, milestones));
    return { ...group, columns };
  });
}

/** "Tue 24 Nov (in scope)": a bucket named in full, for announcements and menus. */
export function bucketName(bucket: PlanBucket, milestones: readonly MilestoneLike[]): string {
  return `${timeframeLabel(bucket.assignedTimeframe, milestones)}, ${scopeLabel(bucket.scope).toLowerCase()}`;
}
