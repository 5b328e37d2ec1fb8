import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { items, projectContexts } from '../db/schema';
import { Span, type ItemType, type Scope, type WorkflowStatus } from '../../shared/enums';
import type { Containment, IndexRange } from '../../shared/timeframes';

/**
 * What a list of a project's items (joined with their project context) may be narrowed to; every
 * field given must hold. The board query and MCP's list_items build their WHERE from it.
 */
export interface ItemFilter {
  itemType?: ItemType;
  scope?: Scope;
  /** null: unscheduled; a span: planned at that granularity; a containment: planned within its ranges. */
  timeframe?: null | Span | Containment;
  workflowStatus?: WorkflowStatus;
  /** Words as typed (searchTsQuery); text with no word left matches nothing. */
  text?: string;
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const clamp = (value: number) => Math.min(INT_MAX, Math.max(INT_MIN, value));

function spanInRange(span: Span, range: IndexRange | null): SQL | undefined {
  if (range === null) return undefined;
  return and(
    eq(projectContexts.timeframeSpan, span),
    gte(projectContexts.timeframeIndex, clamp(range.lo)),
    lte(projectContexts.timeframeIndex, clamp(range.hi)),
  );
}

function timeframeSql(timeframe: null | Span | Containment): SQL | undefined {
  if (timeframe === null) return isNull(projectContexts.timeframeSpan);
  if (typeof timeframe === 'number') return eq(projectContexts.timeframeSpan, timeframe);
  return or(
    spanInRange(Span.Day, timeframe.days),
    spanInRange(Span.Week, timeframe.weeks),
    spanInRange(Span.Milestone, timeframe.milestones),
  );
}

/** The filter as a WHERE condition over `items` joined with `project_contexts`; undefined when it holds for all. */
export function itemFilterSql(filter: ItemFilter): SQL | undefined {
  const tsquery = filter.text === undefined ? undefined : searchTsQuery(filter.text);
  return and(
    filter.itemType === undefined ? undefined : eq(items.itemType, filter.itemType),
    filter.scope === undefined ? undefined : eq(projectContexts.scope, filter.scope),
    filter.timeframe === undefined ? undefined : timeframeSql(filter.timeframe),
    filter.workflowStatus === undefined ? undefined : eq(items.workflowStatus, filter.workflowStatus),
    tsquery === undefined ? undefined : tsquery ? sql`${items.searchVector} @@ ${tsquery}` : sql`false`,
  );
}

/**
 * The text-search query for what the user typed: every word must match, the last one as a prefix (so
 * results come while typing); quotes and -exclusions work as in a web search. Null when nothing is left.
 */
export function searchTsQuery(text: string): SQL | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  // An exclusion (-word) or a quoted phrase stays whole; any other last word becomes a prefix.
  const lastWord = /^[-"]|"$/.test(words.at(-1) ?? '') ? '' : (words.pop() ?? '');
  const last = lastWord.replace(/[^\p{L}\p{N}_-]/gu, '');
  const parts: SQL[] = [];
  if (words.length > 0) parts.push(sql`websearch_to_tsquery('simple', ${words.join(' ')})`);
  if (last.replace(/-/g, '') !== '') parts.push(sql`to_tsquery('simple', ${`'${last}':*`})`);
  return parts.length === 0 ? null : sql.join(parts, sql` && `);
}
