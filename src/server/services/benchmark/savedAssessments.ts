/** A team's saved benchmark assessments: scored again on save, listed and read within the team only. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/types';
import type { BenchmarkAssessmentRow } from '../../db/schema';
import {
  countTeamBenchmarkAssessments,
  findTeamBenchmarkAssessment,
  insertBenchmarkAssessment,
  listTeamBenchmarkAssessments,
} from '../../repositories/benchmarkAssessments';
import { invalidRequest, notFound } from '../../errors';
import { SAVED_ASSESSMENT_LIMIT, type SavedAssessment } from '../../../shared/contract/benchmark';
import type { AssessmentAnswers } from '../../../shared/assessment/questionnaire';
import { checkAnswers } from './answers';
import { scoreAssessment } from './scoring';

const savedAssessmentOf = (row: BenchmarkAssessmentRow): SavedAssessment => ({
  id: row.id,
  dateCreated: row.dateCreated.toISOString(),
  answers: row.answers,
  result: row.result,
});

export async function saveAssessment(
  db: Db,
  input: { teamId: string; userId: string; answers: AssessmentAnswers; now: Date },
): Promise<SavedAssessment> {
  checkAnswers(input.answers);
  if ((await countTeamBenchmarkAssessments(db, input.teamId)) >= SAVED_ASSESSMENT_LIMIT) {
    throw invalidRequest(`A team can keep at most ${SAVED_ASSESSMENT_LIMIT} saved assessments`);
  }
  const result = scoreAssessment(input.answers);
  const row: BenchmarkAssessmentRow = {
    id: randomUUID(),
    teamId: input.teamId,
    createdBy: input.userId,
    rubricVersion: result.rubricVersion,
    answers: input.answers,
    result,
    dateCreated: input.now,
  };
  await insertBenchmarkAssessment(db, row);
  return savedAssessmentOf(row);
}

export async function listSavedAssessments(db: Db, teamId: string): Promise<SavedAssessment[]> {
  return (await listTeamBenchmarkAssessments(db, teamId)).map(savedAssessmentOf);
}

/** One saved assessment of the team; another team's id is NotFound. */
export async function getSavedAssessment(db: Db, teamId: string, id: string): Promise<SavedAssessment> {
  const row = await findTeamBenchmarkAssessment(db, teamId, id);
  if (!row) throw notFound('Assessment not found');
  return savedAssessmentOf(row);
}
