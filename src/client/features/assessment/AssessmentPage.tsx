import { useEffect, useRef, useState } from 'react';
import { useListAssessmentsQuery, useSaveAssessmentMutation, useScoreAssessmentMutation } from '../../api/benchmark';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { useAppSelector } from '../../app/hooks';
import { readSiteConfig } from '../../boot/readSiteConfig';
import { Alert, Button } from '../../ui';
import type { AssessmentAnswers } from '../../../shared/assessment/questionnaire';
import type { AssessmentResult } from '../../../shared/contract/benchmark';
import { AssessmentResultView } from './AssessmentResultView';
import { Questionnaire } from './Questionnaire';
import { SavedAssessments } from './SavedAssessments';
import { clearPendingAnswers, pendingAnswers } from './pendingAnswers';
import { SettingsNav } from '../account/SettingsNav';
import page from '../agent/AiSettingsPage.module.css';

/** Where the rubric is published: the content site's docs (a full page load). */
const rubricHref = () => `${readSiteConfig(document).contentBasePath}/docs/assessment`;

/**
 * `/assessment`: the agent-readiness assessment inside the app. Scores through the public endpoint,
 * saves the result to the active team, and lists the team's saved results.
 */
export function AssessmentPage() {
  const teamName = useAppSelector((state) => state.team.active?.teamName ?? 'your team');
  const [answers, setAnswers] = useState<AssessmentAnswers>({});
  const [shown, setShown] = useState<{ result: AssessmentResult; savedAt: string | null } | null>(null);
  const [score, scoring] = useScoreAssessmentMutation();
  const [save, saving] = useSaveAssessmentMutation();
  const saved = useListAssessmentsQuery();
  useEffect(() => {
    document.title = 'Assessment · Baton';
  }, []);

  const submit = async (given: AssessmentAnswers) => {
    setAnswers(given);
    saving.reset();
    const answer = await score({ answers: given });
    if (answer.data) setShown({ result: answer.data, savedAt: null });
  };
  // Answers brought from the public assessment through sign-in: scored at once, ready to save.
  useEffect(() => {
    const brought = pendingAnswers();
    if (!brought) return;
    clearPendingAnswers();
    void submit(brought);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival
  const savedNote = useRef<HTMLSpanElement>(null);
  const [justSaved, setJustSaved] = useState(false);
  useEffect(() => {
    if (!justSaved) return;
    savedNote.current?.focus();
    setJustSaved(false);
  }, [justSaved]);
  const saveShown = async () => {
    const answer = await save({ answers });
    if (!answer.data) return;
    setShown({ result: answer.data.result, savedAt: answer.data.dateCreated });
    setJustSaved(true);
  };

  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.title}>Agent-readiness assessment</h1>
        <p className={page.lead}>
          How ready is your team&apos;s engineering practice for handing work to coding agents? Answer 21 questions
          across seven dimensions; each is scored on the <a href={rubricHref()}>published rubric</a>.
        </p>
      </div>
      <SettingsNav />
      {shown ? (
        <AssessmentResultView
          result={shown.result}
          rubricHref={rubricHref()}
          actions={
            <>
              <Button onClick={() => setShown(null)}>Change answers</Button>
              {shown.savedAt ? (
                // Takes the focus from the Save button it replaces, so focus does not fall to <body>.
                <span role="status" tabIndex={-1} ref={savedNote}>
                  Saved to {teamName}.
                </span>
              ) : (
                <Button variant="primary" onClick={saveShown} disabled={saving.isLoading}>
                  {saving.isLoading ? 'Saving…' : `Save to ${teamName}`}
                </Button>
              )}
              {saving.isError && <Alert>{errorMessage(saving.error)}</Alert>}
            </>
          }
        />
      ) : (
        <Questionnaire
          onSubmit={submit}
          busy={scoring.isLoading}
          error={scoring.isError ? errorMessage(scoring.error) : null}
          initialAnswers={answers}
        />
      )}
      <SavedAssessments
        query={saved}
        onOpen={(entry) => {
          setAnswers(entry.answers);
          setShown({ result: entry.result, savedAt: entry.dateCreated });
        }}
      />
    </div>
  );
}
