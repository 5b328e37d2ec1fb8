/**
 * Undo of a delete: the item goes back to the project as it was — same id, key, fields, hand-offs,
 * history and sort key — from the copy the delete kept (repositories/deletedPlacements.ts). The client
 * sends only which item and project; what is restored is what the server itself removed.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/types';
import { projectContexts } from '../db/schema';
import { restoreDeletedPlacement } from '../repositories/deletedPlacements';
import { bucketOf, findContext, inBucket, rebalanceBucket } from '../repositories/projectContexts';
import { findTeamItem } from '../repositories/items';
import { lockTeamProject } from '../repositories/projects';
import { enforceQuota } from './quotas';
import { readProjectContext } from './plan';
import { announce } from './teamEvents/announce';
import { notFound } from '../errors';
import type { SortKeyResponse } from '../../shared/contract/items';

export async function restoreProjectItem(
  db: Db,
  input: { teamId: string; projectId: string; itemId: string; now: Date; origin?: string },
): Promise<SortKeyResponse> {
  const { teamId, projectId, itemId, now } = input;
  if (!(await lockTeamProject(db, teamId, projectId))) throw notFound('Project not found');
  await enforceQuota(db, { kind: 'project-items', projectId }, now);
  if (!(await restoreDeletedPlacement(db, { teamId, projectId, itemId, now }))) {
    throw notFound('Nothing to restore: this item was not deleted from this project in the last hour.');
  }
  const context = (await findContext(db, projectId, itemId))!;
  const bucket = bucketOf(context);
  // An item placed since between the same neighbours may hold the very key: the bucket is then reassigned.
  const [taken] = await db
    .select({ itemId: projectContexts.itemId })
    .from(projectContexts)
    .where(
      and(
        inBucket(projectId, bucket),
        eq(projectContexts.sortKey, context.sortKey),
        ne(projectContexts.itemId, itemId),
      ),
    )
    .limit(1);
  const rebalanced = taken ? await rebalanceBucket(db, projectId, bucket) : null;
  await announce(db, { teamId, origin: input.origin }, { kind: 'items', projectId, itemIds: [itemId] });
  const item = (await findTeamItem(db, teamId, itemId))!;
  return {
    id: itemId,
    linkId: item.linkId,
    externalId: item.externalId,
    projectPlanContext: await readProjectContext(db, { teamId, projectId, itemId }),
    ...(rebalanced ? { rebalancedSortKeys: rebalanced } : {}),
  };
}
