/** Creating, editing and choosing projects; each runs in the caller's transaction. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import {
  findTeamProject,
  insertTeamProject,
  lockTeamProject,
  updateProject,
  type ProjectSummary,
} from '../repositories/projects';
import { setActiveProject } from '../repositories/teams';
import { enforceQuota } from './quotas';
import { announce } from './teamEvents/announce';
import { unscheduleMilestones } from './plan';
import { conflict, invalidRequest, notFound } from '../errors';
import { milestoneProblem, sortedMilestones } from '../../shared/timeframes';
import type { CreateProjectBody, UpdateProjectBody } from '../../shared/contract/projects';

/** A new project of the team, within the team's projects quota. */
export async function createProject(
  db: Db,
  input: { teamId: string; origin?: string; body: CreateProjectBody; now: Date },
): Promise<ProjectSummary> {
  const description = input.body.description.trim();
  if (!description) throw invalidRequest('body.description must not be blank');
  await enforceQuota(db, { kind: 'projects', teamId: input.teamId }, input.now);
  const project = await insertTeamProject(db, {
    id: randomUUID(),
    teamId: input.teamId,
    description,
    projectDescription: input.body.projectDescription ?? '',
  });
  await announce(db, input, { kind: 'projects', projectId: project.id });
  return project;
}

export async function getProject(db: Db, teamId: string, projectId: string): Promise<ProjectSummary> {
  const project = await findTeamProject(db, teamId, projectId);
  if (!project) throw notFound('Project not found');
  return project;
}

/**
 * Changes a project's description, status or milestones. Milestones must be in date order; items in a
 * milestone that is removed become unscheduled (appended, with a history entry each).
 */
export async function updateProjectSettings(
  db: Db,
  input: { teamId: string; origin?: string; projectId: string; body: UpdateProjectBody; now: Date },
): Promise<ProjectSummary> {
  const { teamId, projectId, body, now } = input;
  const project = await lockTeamProject(db, teamId, projectId);
  if (!project) throw notFound('Project not found');
  if (body.version !== undefined && body.version !== project.version) {
    const current = await getProject(db, teamId, projectId);
    throw conflict(`Someone else changed the project “${project.description}” while you were editing it`, current);
  }
  const description = body.description?.trim();
  if (description === '') throw invalidRequest('body.description must not be blank');
  if (body.milestones) {
    const problem = milestoneProblem(body.milestones);
    if (problem) throw invalidRequest(`body.milestones: ${problem}`);
    const kept = new Set(body.milestones.map((m) => m.index));
    const removed = project.milestones.map((m) => m.index).filter((index) => !kept.has(index));
    await unscheduleMilestones(db, { projectId, milestoneIndexes: removed, now });
  }
  await announce(db, input, { kind: 'projects', projectId });
  return updateProject(db, projectId, {
    ...(description !== undefined ? { description } : {}),
    ...(body.projectDescription !== undefined ? { projectDescription: body.projectDescription } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.milestones !== undefined ? { milestones: sortedMilestones(body.milestones) } : {}),
  });
}

/** The project the user works on in this team (spec §7 PUT projects/active). */
export async function chooseActiveProject(
  db: Db,
  input: { teamId: string; userId: string; projectId: string },
): Promise<ProjectSummary> {
  const project = await getProject(db, input.teamId, input.projectId);
  await setActiveProject(db, input.teamId, input.userId, project.id);
  return project;
}
