import type { AssessmentAnswers } from '../../../shared/assessment/questionnaire';
import type { AssessmentResult } from '../../../shared/contract/benchmark';

const ASSESSMENT_URL = '/v1/benchmark/assessment';

/**
 * Scores answers without the app's store: the content site has no RTK Query, so its one call is a
 * plain fetch of the same public endpoint the app's `scoreAssessment` mutation uses.
 */
export async function scoreAssessmentRequest(answers: AssessmentAnswers): Promise<AssessmentResult> {
  const origin = globalThis.location?.origin ?? 'http://localhost';
  let response: Response;
  try {
    response = await fetch(`${origin}${ASSESSMENT_URL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers }),
    });
  } catch {
    throw new Error('Could not reach Baton. Check your connection and try again.');
  }
  const envelope = (await response.json().catch(() => null)) as {
    result?: string;
    data?: AssessmentResult;
    message?: string;
  } | null;
  if (envelope?.result === 'Ok' && envelope.data) return envelope.data;
  throw new Error(envelope?.message ?? 'Sorry, there was a problem.');
}
