import { useState } from 'react';
import { Button } from '../../ui';
import type { AssessmentAnswers } from '../../../shared/assessment/questionnaire';
import type { AssessmentResult } from '../../../shared/contract/benchmark';
import { AssessmentResultView } from './AssessmentResultView';
import { Questionnaire } from './Questionnaire';
import { scoreAssessmentRequest } from './scoreAssessmentRequest';
import { keepAnswersForSignIn } from './pendingAnswers';

interface ContentAssessmentProps {
  /** The published rubric on the content site. */
  rubricHref: string;
  /** Where a visitor signs in to save results to a team. */
  appHref: string;
  score?: (answers: AssessmentAnswers) => Promise<AssessmentResult>;
}

/** The assessment for visitors (no sign-in): answer, see the scores; saving is in the app, answers kept. */
export function ContentAssessment({ rubricHref, appHref, score = scoreAssessmentRequest }: ContentAssessmentProps) {
  const [answers, setAnswers] = useState<AssessmentAnswers>({});
  const [result, setResult] = useState<AssessmentResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (given: AssessmentAnswers) => {
    setAnswers(given);
    setBusy(true);
    setError(null);
    try {
      setResult(await score(given));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (result) {
    return (
      <AssessmentResultView
        result={result}
        rubricHref={rubricHref}
        actions={
          <>
            <Button onClick={() => setResult(null)}>Change answers</Button>
            <a href={appHref} onClick={() => keepAnswersForSignIn(answers)}>
              Sign in to Baton to save results to your team
            </a>
          </>
        }
      />
    );
  }
  return <Questionnaire onSubmit={submit} busy={busy} error={error} initialAnswers={answers} />;
}
