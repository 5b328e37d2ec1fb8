import { useState, type FormEvent } from 'react';
import { Alert, Button } from '../../ui';
import {
  AssessmentDimensions,
  assessmentQuestions,
  dimensionTitles,
  type AssessmentAnswers,
} from '../../../shared/assessment/questionnaire';
import styles from './Questionnaire.module.css';

interface QuestionnaireProps {
  onSubmit: (answers: AssessmentAnswers) => void;
  busy?: boolean;
  /** The server's message when scoring failed. */
  error?: string | null;
  initialAnswers?: AssessmentAnswers;
}

/** The agent-readiness questionnaire: one group of questions per dimension, one choice per question. */
export function Questionnaire({ onSubmit, busy = false, error = null, initialAnswers = {} }: QuestionnaireProps) {
  const [answers, setAnswers] = useState<AssessmentAnswers>(initialAnswers);
  const [showMissing, setShowMissing] = useState(false);
  const missing = assessmentQuestions.filter((question) => !answers[question.id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missing.length > 0) return setShowMissing(true);
    onSubmit(answers);
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Agent-readiness assessment">
      {AssessmentDimensions.map((dimension) => (
        <fieldset key={dimension} className={styles.dimension}>
          <legend className={styles.dimensionTitle}>{dimensionTitles[dimension]}</legend>
          {assessmentQuestions
            .filter((question) => question.dimension === dimension)
            .map((question) => (
              <div
                key={question.id}
                role="radiogroup"
                aria-labelledby={`${question.id}-text`}
                className={styles.question}
                data-missing={showMissing && !answers[question.id] ? 'true' : undefined}
              >
                <p id={`${question.id}-text`} className={styles.questionText}>
                  {question.text}
                </p>
                <div className={styles.options}>
                  {question.options.map((option) => (
                    <label key={option.id} className={styles.option}>
                      <input
                        type="radio"
                        name={question.id}
                        value={option.id}
                        checked={answers[question.id] === option.id}
                        onChange={() => setAnswers((current) => ({ ...current, [question.id]: option.id }))}
                      />
                      <span>{option.label}</span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
        </fieldset>
      ))}
      {showMissing && missing.length > 0 && (
        <Alert>
          Answer every question to see your scores: {missing.length} {missing.length === 1 ? 'is' : 'are'} left.
        </Alert>
      )}
      {error && <Alert>{error}</Alert>}
      <div className={styles.footer}>
        <span className={styles.progress}>
          {assessmentQuestions.length - missing.length} of {assessmentQuestions.length} answered
        </span>
        <Button type="submit" variant="primary" size="large" disabled={busy}>
          {busy ? 'Scoring…' : 'See my scores'}
        </Button>
      </div>
    </form>
  );
}
