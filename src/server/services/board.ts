/**
 * Reading a project's board: the filtered query (spec §7 "all/query") and search, and one whole item.
 * The database builds the answers as JSON in one statement (repositories/itemsJson.ts). The board's
 * items carry only what a card shows (contract BoardItem); the item panel reads the whole item and its
 * history when it opens.
 */
import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { items, projectContexts } from '../db/schema';
import { searchProjectItemIds } from '../repositories/items';
import { projectItemsJson, projectItemsPageJson, teamItemJson, type BoardPageJson } from '../repositories/itemsJson';
import { findTeamProject } from '../repositories/projects';
import { invalidRequest, notFound } from '../errors';
import { Span } from '../../shared/enums';
import { containment, type IndexRange, type MilestoneLike, type Timeframe } from '../../shared/timeframes';
import { BUCKET_PAGE_MAX, type ProjectItemsQuery } from '../../shared/contract/projects';

/** A JSON array of board items (contract BoardItem), as text ready to send. */
export type ItemsJson = string;

/** The board query's answer (contract BoardItemPage): the items, and a page's totals and event id. */
export type BoardAnswerJson = { items: ItemsJson } | BoardPageJson;

/** One whole item (contract Item), as text ready to send. */
export type ItemJson = string;

export const SEARCH_RESULT_LIMIT = 50;

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

/** A timeframe filter selects what the timeframe contains; null selects unscheduled items. */
export function timeframeFilter(
  filter: Timeframe | null | undefined,
  milestones: readonly MilestoneLike[],
): SQL | undefined {
  if (filter === undefined) return undefined;
  if (filter === null) return isNull(projectContexts.timeframeSpan);
  const contained = containment(filter, milestones);
  if (!contained) {
    throw invalidRequest(`body.timeframeAssignmentFilter: this project has no milestone ${filter.index}`);
  }
  return or(
    spanInRange(Span.Day, contained.days),
    spanInRange(Span.Week, contained.weeks),
    spanInRange(Span.Milestone, contained.milestones),
  );
}

/** The board: items of the project matching every given filter, in board order; a page when asked for one. */
export async function queryProjectItems(
  db: Db,
  input: { teamId: string; projectId: string; query: ProjectItemsQuery },
): Promise<BoardAnswerJson> {
  const { teamId, projectId, query } = input;
  const project = await findTeamProject(db, teamId, projectId);
  if (!project) throw notFound('Project not found');
  const where = and(
    query.scopeFilter === undefined ? undefined : eq(projectContexts.scope, query.scopeFilter),
    query.itemTypeFilter === undefined ? undefined : eq(items.itemType, query.itemTypeFilter),
    timeframeFilter(query.timeframeAssignmentFilter, project.milestones),
  );
  if (query.bucketPage) {
    // The schema's coercion lets a numeric string such as "1e309" through as Infinity.
    const { perBucket } = query.bucketPage;
    if (!Number.isSafeInteger(perBucket) || perBucket < 1 || perBucket > BUCKET_PAGE_MAX) {
      throw invalidRequest(`body.bucketPage.perBucket must be a whole number from 1 to ${BUCKET_PAGE_MAX}`);
    }
    return projectItemsPageJson(db, { teamId, projectId, where, page: query.bucketPage });
  }
  return { items: await projectItemsJson(db, projectId, { where }) };
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

/** Items of the project whose title, description or key match, best first (at most 50). */
export async function searchProjectItems(
  db: Db,
  input: { teamId: string; projectId: string; text: string },
): Promise<ItemsJson> {
  const { teamId, projectId, text } = input;
  if (!(await findTeamProject(db, teamId, projectId))) throw notFound('Project not found');
  const ids = await searchProjectItemIds(
    db,
    teamId,
    projectId,
    { tsquery: searchTsQuery(text), raw: text },
    SEARCH_RESULT_LIMIT,
  );
  return projectItemsJson(db, projectId, { ids });
}

/** One item of the team with every field and all its project contexts; NotFound for another team's id. */
export async function readTeamItem(db: Db, input: { teamId: string; itemId: string }): Promise<ItemJson> {
  const item = await teamItemJson(db, input.teamId, input.itemId);
  if (item === null) throw notFound('Item not found');
  return item;
}
