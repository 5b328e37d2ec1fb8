import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AssessmentRequest,
  AssessmentResult,
  SavedAssessment,
  SavedAssessmentList,
  SavedAssessmentParams,
} from '../../../shared/contract/benchmark';
import { answers, ok } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import { checkAnswers } from '../../services/benchmark/answers';
import { scoreAssessment } from '../../services/benchmark/scoring';
import { getSavedAssessment, listSavedAssessments, saveAssessment } from '../../services/benchmark/savedAssessments';

const tags = ['benchmark'];

/** The public path of the assessment, exempt from the CSRF origin check (see app.ts). */
export const ASSESSMENT_PATH = '/v1/benchmark/assessment';

/**
 * The benchmark assessment (spec §1, §7; docs/assessment.md). Scoring is public — the content site
 * asks it with no sign-in, it reads no session and stores nothing; it is rate-limited per address.
 * Saving and reading saved results are the active team's.
 */
export default async function benchmarkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/benchmark/assessment',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'scoreAssessment',
        description:
          'Scores answers to the agent-readiness questionnaire per dimension on the published rubric, compares them with the reference profiles and answers next steps. No sign-in; nothing is stored.',
        body: AssessmentRequest,
        response: answers(AssessmentResult),
      },
    },
    async (request) => {
      checkAnswers(request.body.answers);
      return ok(scoreAssessment(request.body.answers));
    },
  );

  app.post(
    '/teams/active/benchmark/assessments',
    {
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'saveAssessment',
        description: "Scores the answers and saves them with their result to the active team's assessments.",
        body: AssessmentRequest,
        response: answers(SavedAssessment),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const input = { teamId, userId, answers: request.body.answers, now: app.clock.now() };
      return ok(await app.db.transaction((tx) => saveAssessment(tx, input)));
    },
  );

  app.get(
    '/teams/active/benchmark/assessments',
    {
      schema: {
        tags,
        operationId: 'listAssessments',
        description: "The active team's saved assessments, newest first.",
        response: answers(SavedAssessmentList),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok({ assessments: await listSavedAssessments(app.db, teamId) });
    },
  );

  app.get(
    '/teams/active/benchmark/assessments/:id',
    {
      schema: {
        tags,
        operationId: 'getAssessment',
        description: "One of the active team's saved assessments; another team's is not found.",
        params: SavedAssessmentParams,
        response: answers(SavedAssessment),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok(await getSavedAssessment(app.db, teamId, request.params.id));
    },
  );
}
