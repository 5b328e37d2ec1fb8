import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { items, projectContexts } from '../db/schema';

/** How much of a description a summary carries: enough for its title line. */
const SUMMARY_DESCRIPTION_CHARS = 300;

/**
 * A page of a project's items in board order (bucket, then sort key), as short rows for agents (the
 * MCP server's list_items); `where` adds filters on items and their context in this project.
 */
export async function listProjectItemSummaries(
  db: Db,
  input: { teamId: string; projectId: string; where?: SQL; offset: number; limit: number },
) {
  return db
    .select({
      id: items.id,
      externalId: items.externalId,
      itemType: items.itemType,
      description: sql<string>`left(${items.description}, ${SUMMARY_DESCRIPTION_CHARS})`,
      workflowStatus: items.workflowStatus,
      completionDate: items.completionDate,
      scope: projectContexts.scope,
      timeframeSpan: projectContexts.timeframeSpan,
      timeframeIndex: projectContexts.timeframeIndex,
    })
    .from(items)
    .innerJoin(
      projectContexts,
      and(eq(projectContexts.itemId, items.id), eq(projectContexts.projectId, input.projectId)),
    )
    .where(and(eq(items.teamId, input.teamId), input.where))
    .orderBy(
      asc(projectContexts.scope),
      sql`${projectContexts.timeframeSpan} nulls first`,
      asc(projectContexts.timeframeIndex),
      asc(projectContexts.sortKey),
      asc(items.id),
    )
    .offset(input.offset)
    .limit(input.limit);
}

/** The team's item with this key (e.g. AE-12), case-insensitive. */
export async function findTeamItemIdByKey(db: Db, teamId: string, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.teamId, teamId), sql`upper(${items.externalId}) = upper(${key})`))
    .limit(1);
  return row?.id;
}
