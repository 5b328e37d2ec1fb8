import { assessmentQuestions, type AssessmentAnswers } from '../../../shared/assessment/questionnaire';
import { PENDING_ANSWERS_KEY } from './pendingAnswersKey';

/**
 * A visitor's answers on the content site, kept for the app while they sign in ("Sign in to save
 * results"): sessionStorage, so they stay in this tab only, through the sign-in's redirects, and are
 * never sent anywhere until the user saves them.
 */
const KEY = PENDING_ANSWERS_KEY;

export function keepAnswersForSignIn(answers: AssessmentAnswers, storage: Storage = sessionStorage) {
  storage.setItem(KEY, JSON.stringify(answers));
}

/** The kept answers, only those that name a question and one of its options; null when none are kept. */
export function pendingAnswers(storage: Storage = sessionStorage): AssessmentAnswers | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const given = raw as Record<string, unknown>;
  const answers: AssessmentAnswers = {};
  for (const question of assessmentQuestions) {
    const option = given[question.id];
    if (question.options.some((candidate) => candidate.id === option)) answers[question.id] = option as string;
  }
  return Object.keys(answers).length > 0 ? answers : null;
}

export function clearPendingAnswers(storage: Storage = sessionStorage) {
  storage.removeItem(KEY);
}
