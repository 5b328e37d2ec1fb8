import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { projects } from '../db/schema';

const projectColumns = {
  id: projects.id,
  description: projects.description,
  projectDescription: projects.projectDescription,
  status: projects.status,
  milestones: projects.milestones,
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
