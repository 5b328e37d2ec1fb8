import { http, HttpResponse } from 'msw';
import type { AssessmentResult, SavedAssessment } from '../../../src/shared/contract/benchmark';
import { assessmentQuestions } from '../../../src/shared/assessment/questionnaire';

/** A scored result as the server answers it (the numbers of docs/assessment.md's worked example). */
export const resultFixture: AssessmentResult = {
  rubricVersion: 1,
  overallScore: 53,
  profile: 'starting',
  dimensions: [
    { dimension: 'tests', score: 58, level: 'practising', nextSteps: ['Cover the code you change most with tests.'] },
    { dimension: 'ci', score: 92, level: 'agent-ready', nextSteps: [] },
    { dimension: 'review', score: 75, level: 'agent-ready', nextSteps: [] },
    { dimension: 'docs', score: 27, level: 'starting', nextSteps: ['Write a README that takes a newcomer to green.'] },
    { dimension: 'issues', score: 33, level: 'starting', nextSteps: ['Give every item acceptance criteria.'] },
    { dimension: 'agents', score: 33, level: 'starting', nextSteps: ['Hand a small item to an agent.'] },
    { dimension: 'security', score: 50, level: 'practising', nextSteps: ['Move secrets to a secrets manager.'] },
  ],
  profiles: [
    { profile: 'starting', minimumScore: 0, met: true, shortfalls: [] },
    {
      profile: 'practising',
      minimumScore: 40,
      met: false,
      shortfalls: [
        { dimension: 'docs', points: 13 },
        { dimension: 'issues', points: 7 },
        { dimension: 'agents', points: 7 },
      ],
    },
    { profile: 'agent-ready', minimumScore: 75, met: false, shortfalls: [{ dimension: 'docs', points: 48 }] },
  ],
};

/** The first option of every question: what `answerEveryQuestion` clicks. */
export const firstOptions = Object.fromEntries(
  assessmentQuestions.map((question) => [question.id, question.options[0]!.id]),
);

/** The public scoring endpoint; records each body it was sent. */
export function scoringHandler(
  bodies: unknown[],
  answer: () => Response = () => HttpResponse.json({ result: 'Ok', data: resultFixture }),
) {
  return http.post('*/v1/benchmark/assessment', async ({ request }) => {
    bodies.push(await request.json());
    return answer();
  });
}

/** The team's saved results: listed, and added to by a save. */
export function savedHandlers(saved: SavedAssessment[], bodies: unknown[]) {
  return [
    http.get('*/v1/teams/active/benchmark/assessments', () =>
      HttpResponse.json({ result: 'Ok', data: { assessments: [...saved].reverse() } }),
    ),
    http.post('*/v1/teams/active/benchmark/assessments', async ({ request }) => {
      const body = (await request.json()) as { answers: Record<string, string> };
      bodies.push(body);
      const entry: SavedAssessment = {
        id: `saved-${saved.length + 1}`,
        dateCreated: '2026-11-25T10:00:00.000Z',
        answers: body.answers,
        result: resultFixture,
      };
      saved.push(entry);
      return HttpResponse.json({ result: 'Ok', data: entry });
    }),
  ];
}
