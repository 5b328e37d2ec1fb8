/**
 * Where a visitor's assessment answers wait while they sign in (pendingAnswers.ts). Its own module so the
 * sign-in callback can ask without loading the questionnaire.
 */
export const PENDING_ANSWERS_KEY = 'baton-assessment-answers';

export const hasPendingAnswers = (storage: Storage = sessionStorage) => storage.getItem(PENDING_ANSWERS_KEY) !== null;
