/**
 * Reading a project's board: the filtered query (spec §7 "all/query") and search, and one whole item.
 * The database builds the answers as JSON in one statement (repositories/itemsJson.ts). The board's
 * items carry only what a card shows (contract BoardItem); the item panel reads the whole item and its
 * history when it opens.
 */
import type { Db } from '../db/types';
import { itemFilterSql, type ItemFilter } from '../repositories/itemFilters';
import { searchProjectItemIds } from '../repositories/items';
import { projectItemsJson, projectItemsPageJson, teamItemJson, type BoardPageJson } from '../repositories/itemsJson';
import { findTeamProject } from '../repositories/projects';
import { invalidRequest, notFound } from '../errors';
import { containment, type MilestoneLike, type Timeframe } from '../../shared/timeframes';
import { BUCKET_PAGE_MAX, type ProjectItemsQuery } from '../../shared/contract/projects';

/** A JSON array of board items (contract BoardItem), as text ready to send. */
export type ItemsJson = string;

/** The board query's answer (contract BoardItemPage): the items, and a page's totals and event id. */
export type BoardAnswerJson = { items: ItemsJson } | BoardPageJson;

/** One whole item (contract Item), as text ready to send. */
export type ItemJson = string;

export const SEARCH_RESULT_LIMIT = 50;

/** A timeframe filter as what it contains; null selects unscheduled items. */
function timeframeOf(
  filter: Timeframe | null | undefined,
  milestones: readonly MilestoneLike[],
): ItemFilter['timeframe'] {
  if (filter === undefined || filter === null) return filter;
  const contained = containment(filter, milestones);
  if (!contained) {
    throw invalidRequest(`body.timeframeAssignmentFilter: this project has no milestone ${filter.index}`);
  }
  return contained;
}

/** The board: items of the project matching every given filter, in board order; a page when asked for one. */
export async function queryProjectItems(
  db: Db,
  input: { teamId: string; projectId: string; query: ProjectItemsQuery },
): Promise<BoardAnswerJson> {
  const { teamId, projectId, query } = input;
  const project = await findTeamProject(db, teamId, projectId);
  if (!project) throw notFound('Project not found');
  const where = itemFilterSql({
    scope: query.scopeFilter,
    itemType: query.itemTypeFilter,
    timeframe: timeframeOf(query.timeframeAssignmentFilter, project.milestones),
  });
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

/** Items of the project whose title, description or key match, best first (at most 50). */
export async function searchProjectItems(
  db: Db,
  input: { teamId: string; projectId: string; text: string },
): Promise<ItemsJson> {
  const { teamId, projectId, text } = input;
  if (!(await findTeamProject(db, teamId, projectId))) throw notFound('Project not found');
  const ids = await searchProjectItemIds(db, teamId, projectId, text, SEARCH_RESULT_LIMIT);
  return projectItemsJson(db, projectId, { ids });
}

/** One item of the team with every field and all its project contexts; NotFound for another team's id. */
export async function readTeamItem(db: Db, input: { teamId: string; itemId: string }): Promise<ItemJson> {
  const item = await teamItemJson(db, input.teamId, input.itemId);
  if (item === null) throw notFound('Item not found');
  return item;
}
