/** Deleting a project, with its items moved to another project or deleted (spec §7). */
import type { Db } from '../db/types';
import { deleteProjectRow, lockTeamProjects, replaceActiveProject } from '../repositories/projects';
import { countTransferable, deleteItemsOnlyIn } from '../repositories/bulkPlacements';
import { enforceQuota } from './quotas';
import { transferItems } from './plan';
import { announce } from './teamEvents/announce';
import { invalidRequest, notFound } from '../errors';

/**
 * With `transferItemsToProjectId`, the project's items join that project out-of-scope and unscheduled,
 * appended in board order (within its item quota); without it, items that live only in this project
 * are deleted. Members who had it as their active project get the target (or none).
 */
export async function deleteProject(
  db: Db,
  input: { teamId: string; origin?: string; projectId: string; transferItemsToProjectId: string | null; now: Date },
): Promise<{ projectId: string; transferredItemCount: number; deletedItemCount: number }> {
  const { teamId, projectId, transferItemsToProjectId: targetId, now } = input;
  if (targetId === projectId) throw invalidRequest('body.transferItemsToProjectId must be another project');
  const locked = await lockTeamProjects(db, teamId, targetId ? [projectId, targetId] : [projectId]);
  if (!locked.some((project) => project.id === projectId)) throw notFound('Project not found');
  if (targetId && !locked.some((project) => project.id === targetId)) {
    throw notFound('The project to transfer the items to was not found');
  }

  let transferredItemCount = 0;
  let deletedItemCount = 0;
  if (targetId) {
    const count = await countTransferable(db, projectId, targetId);
    if (count > 0) await enforceQuota(db, { kind: 'project-items', projectId: targetId }, now, count);
    transferredItemCount = await transferItems(db, { fromProjectId: projectId, toProjectId: targetId, count, now });
  } else {
    deletedItemCount = await deleteItemsOnlyIn(db, projectId);
  }
  await replaceActiveProject(db, teamId, projectId, targetId);
  await deleteProjectRow(db, projectId);
  // The items moved to the target project: its boards read themselves again.
  const moved = targetId ? [{ kind: 'items' as const, projectId: targetId, itemIds: [] }] : [];
  await announce(db, input, { kind: 'projects', projectId }, ...moved);
  return { projectId, transferredItemCount, deletedItemCount };
}
