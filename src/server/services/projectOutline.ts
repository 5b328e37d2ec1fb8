/** The active project's board as the plan and story drafts read it (ai/port.ts ProjectOutline). */
import type { Db } from '../db/types';
import { findTeamProject } from '../repositories/projects';
import { projectOutlineRows } from '../repositories/projectOutline';
import { isCompleted } from '../../shared/completion';
import { displayTitle } from '../../shared/displayTitle';
import { Span } from '../../shared/enums';
import { PROJECT_OUTLINE_LIMIT, type ProjectOutline } from '../ai/port';

export async function projectOutline(db: Db, teamId: string, projectId: string, now: Date): Promise<ProjectOutline> {
  const project = await findTeamProject(db, teamId, projectId);
  if (!project) return { items: [] };
  const milestones = new Map(project.milestones.map((milestone) => [milestone.index, milestone]));
  const rows = await projectOutlineRows(db, teamId, projectId, PROJECT_OUTLINE_LIMIT);
  return {
    items: rows.map((row) => {
      const milestone = row.timeframeSpan === Span.Milestone ? milestones.get(row.timeframeIndex!) : undefined;
      return {
        id: row.id,
        key: row.externalId,
        itemType: row.itemType,
        title: displayTitle(row.firstLine),
        completed: isCompleted(row.completionDate, now),
        implementationIds: row.implementationIds,
        milestone: milestone ? { name: milestone.name, targetDate: milestone.targetDate } : null,
      };
    }),
  };
}
