/**
 * Reading a project's board: the filtered query (spec §7 "all/query") and search. Two queries per
 * answer whatever the size: the items with their context in board order, and their contexts in other
 * projects. Histories stay out (a card never shows one); the item panel reads one item's history.
 */
import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { items, projectContexts, type ProjectContextRow } from '../db/schema';
import {
  compareBoardRows,
  listProjectItemRows,
  otherContextsOfItems,
  projectItemRowsById,
  searchProjectItemIds,
  type ItemColumns,
} from '../repositories/items';
import { findTeamProject } from '../repositories/projects';
import { toProjectPlacement } from './plan';
import { invalidRequest, notFound } from '../errors';
import { ItemType, Span } from '../../shared/enums';
import { containment, type IndexRange, type MilestoneLike, type Timeframe } from '../../shared/timeframes';
import type { Item, ProjectPlacement } from '../../shared/contract/items';
import type { ProjectItemsQuery } from '../../shared/contract/projects';

export const SEARCH_RESULT_LIMIT = 50;

/** Spec §3 Item: base fields, the fields of its kind, and its project contexts. */
export function toItem(row: ItemColumns, projectContextsOfItem: ProjectPlacement[]): Item {
  const item: Item = {
    id: row.id,
    linkId: row.linkId,
    teamId: row.teamId,
    dateCreated: row.dateCreated.toISOString(),
    itemType: row.itemType,
    description: row.description,
    externalId: row.externalId,
    workflowStatus: row.workflowStatus,
    codingAgentUrl: row.codingAgentUrl,
    pullRequestUrl: row.pullRequestUrl,
    parentContextItemId: row.parentContextItemId,
    goals: row.goals,
    startDate: row.startDate,
    completionDate: row.completionDate?.toISOString() ?? null,
    projectContexts: projectContextsOfItem,
  };
  if (row.itemType === ItemType.Demo) item.implementationIds = row.implementationIds;
  if (row.itemType === ItemType.Implementation) {
    item.projectPatternIds = row.projectPatternIds;
    item.localPatternData = row.localPatternData;
    item.newTestScenarios = row.newTestScenarios;
  }
  return item;
}

/** Items with their contexts (without history), in the order of `rows`. */
async function assemble(
  db: Db,
  projectId: string,
  rows: readonly { item: ItemColumns; context: ProjectContextRow }[],
): Promise<Item[]> {
  const others = await otherContextsOfItems(
    db,
    projectId,
    rows.map((row) => row.item.id),
  );
  const othersByItem = new Map<string, ProjectPlacement[]>();
  for (const context of others) {
    const list = othersByItem.get(context.itemId);
    if (list) list.push(toProjectPlacement(context));
    else othersByItem.set(context.itemId, [toProjectPlacement(context)]);
  }
  return rows.map(({ item, context }) =>
    toItem(item, [toProjectPlacement(context), ...(othersByItem.get(item.id) ?? [])]),
  );
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

/** The board: items of the project matching every given filter, in board order. */
export async function queryProjectItems(
  db: Db,
  input: { teamId: string; projectId: string; query: ProjectItemsQuery },
): Promise<Item[]> {
  const { teamId, projectId, query } = input;
  const project = await findTeamProject(db, teamId, projectId);
  if (!project) throw notFound('Project not found');
  const where = and(
    query.scopeFilter === undefined ? undefined : eq(projectContexts.scope, query.scopeFilter),
    query.itemTypeFilter === undefined ? undefined : eq(items.itemType, query.itemTypeFilter),
    timeframeFilter(query.timeframeAssignmentFilter, project.milestones),
  );
  const rows = await listProjectItemRows(db, projectId, where);
  return assemble(db, projectId, rows.sort(compareBoardRows));
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
): Promise<Item[]> {
  const { teamId, projectId, text } = input;
  if (!(await findTeamProject(db, teamId, projectId))) throw notFound('Project not found');
  const ids = await searchProjectItemIds(
    db,
    teamId,
    projectId,
    { tsquery: searchTsQuery(text), raw: text },
    SEARCH_RESULT_LIMIT,
  );
  const rows = await projectItemRowsById(db, projectId, ids);
  const rank = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => rank.get(a.item.id)! - rank.get(b.item.id)!);
  return assemble(db, projectId, rows);
}
