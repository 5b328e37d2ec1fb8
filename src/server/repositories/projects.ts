import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { memberships, projects, type ProjectRow } from '../db/schema';

const projectColumns = {
  id: projects.id,
  description: projects.description,
  projectDescription: projects.projectDescription,
  status: projects.status,
  milestones: projects.milestones,
  version: projects.version,
};

export async function insertProject(db: Db, project: { id: string; teamId: string; description: string }) {
  await db.insert(projects).values(project);
}

export async function listTeamProjects(db: Db, teamId: string) {
  return db
    .select(projectColumns)
    .from(projects)
    .where(eq(projects.teamId, teamId))
    .orderBy(asc(projects.createdAt), asc(projects.id));
}

export type ProjectSummary = Awaited<ReturnType<typeof listTeamProjects>>[number];

export async function insertTeamProject(
  db: Db,
  project: { id: string; teamId: string; description: string; projectDescription: string },
) {
  const [row] = await db.insert(projects).values(project).returning(projectColumns);
  return row!;
}

/** A project of the team, or undefined (another team's project is not found). */
export async function findTeamProject(db: Db, teamId: string, projectId: string) {
  const [row] = await db
    .select(projectColumns)
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.teamId, teamId)))
    .limit(1);
  return row;
}

/**
 * Locks a project of the team until the transaction ends (FOR UPDATE): every write to its plan takes
 * this lock first, so moves and creates in one project run one at a time and never see stale keys.
 */
export async function lockTeamProject(db: Db, teamId: string, projectId: string) {
  const [row] = await db
    .select(projectColumns)
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.teamId, teamId)))
    .for('update');
  return row;
}

/** Locks several projects of the team in id order (so two such transactions never deadlock). */
export async function lockTeamProjects(db: Db, teamId: string, projectIds: readonly string[]) {
  return db
    .select(projectColumns)
    .from(projects)
    .where(and(inArray(projects.id, [...projectIds]), eq(projects.teamId, teamId)))
    .orderBy(asc(projects.id))
    .for('update');
}

export async function updateProject(
  db: Db,
  projectId: string,
  change: Partial<Pick<ProjectRow, 'description' | 'projectDescription' | 'status' | 'milestones'>>,
) {
  const [row] = await db
    .update(projects)
    .set({ ...change, version: sql`${projects.version} + 1` })
    .where(eq(projects.id, projectId))
    .returning(projectColumns);
  return row!;
}

export async function deleteProjectRow(db: Db, projectId: string) {
  await db.delete(projects).where(eq(projects.id, projectId));
}

/** Members whose active project was `fromProjectId` get `toProjectId` (or none) instead. */
export async function replaceActiveProject(db: Db, teamId: string, fromProjectId: string, toProjectId: string | null) {
  await db
    .update(memberships)
    .set({ activeProjectId: toProjectId })
    .where(and(eq(memberships.teamId, teamId), eq(memberships.activeProjectId, fromProjectId)));
}
