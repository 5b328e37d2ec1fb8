/**
 * What a project already holds, as a planner reads it: each item's key, kind, title (its first line),
 * whether it is done, the implementations a demo names and its bucket, in board order. The drafts that
 * plan a project read it so they group what is on the board rather than repeat it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { items, projectContexts } from '../db/schema';
import { TITLE_MAX_LENGTH } from '../../shared/displayTitle';

export interface OutlineRow {
  id: string;
  externalId: string;
  itemType: number;
  firstLine: string;
  completionDate: Date | null;
  implementationIds: string[];
  timeframeSpan: number | null;
  timeframeIndex: number | null;
}

export async function projectOutlineRows(db: Db, teamId: string, projectId: string, limit: number) {
  return db
    .select({
      id: items.id,
      externalId: items.externalId,
      itemType: items.itemType,
      firstLine: sql<string>`left(split_part(${items.description}, E'\n', 1), ${TITLE_MAX_LENGTH * 2})`,
      completionDate: items.completionDate,
      implementationIds: items.implementationIds,
      timeframeSpan: projectContexts.timeframeSpan,
      timeframeIndex: projectContexts.timeframeIndex,
    })
    .from(projectContexts)
    .innerJoin(items, eq(items.id, projectContexts.itemId))
    .where(and(eq(projectContexts.projectId, projectId), eq(projectContexts.teamId, teamId)))
    .orderBy(
      asc(projectContexts.scope),
      sql`${projectContexts.timeframeSpan} asc nulls last`,
      sql`${projectContexts.timeframeIndex} asc nulls last`,
      asc(projectContexts.sortKey),
      asc(items.id),
    )
    .limit(limit) as Promise<OutlineRow[]>;
}
