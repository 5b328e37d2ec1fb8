import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { benchmarkAssessments, type BenchmarkAssessmentRow } from '../db/schema';

export async function insertBenchmarkAssessment(db: Db, row: BenchmarkAssessmentRow): Promise<void> {
  await db.insert(benchmarkAssessments).values(row);
}

export async function findTeamBenchmarkAssessment(
  db: Db,
  teamId: string,
  id: string,
): Promise<BenchmarkAssessmentRow | undefined> {
  const [row] = await db
    .select()
    .from(benchmarkAssessments)
    .where(and(eq(benchmarkAssessments.teamId, teamId), eq(benchmarkAssessments.id, id)))
    .limit(1);
  return row;
}

/** The team's saved assessments, newest first. */
export async function listTeamBenchmarkAssessments(db: Db, teamId: string): Promise<BenchmarkAssessmentRow[]> {
  return db
    .select()
    .from(benchmarkAssessments)
    .where(eq(benchmarkAssessments.teamId, teamId))
    .orderBy(desc(benchmarkAssessments.dateCreated), desc(benchmarkAssessments.id));
}

export async function countTeamBenchmarkAssessments(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(benchmarkAssessments)
    .where(eq(benchmarkAssessments.teamId, teamId));
  return row?.n ?? 0;
}
