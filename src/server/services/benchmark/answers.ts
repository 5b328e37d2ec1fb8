import { invalidRequest } from '../../errors';
import { assessmentQuestions, type AssessmentAnswers } from '../../../shared/assessment/questionnaire';

const questionsById = new Map(assessmentQuestions.map((question) => [question.id, question]));

/**
 * Holds answers to the questionnaire: every question answered, with one of its own options. The
 * first problem found is refused as InvalidRequest, naming the question and what it accepts.
 */
export function checkAnswers(answers: AssessmentAnswers): void {
  for (const [questionId, optionId] of Object.entries(answers)) {
    const question = questionsById.get(questionId);
    if (!question) throw invalidRequest(`answers: there is no question '${questionId}' in the assessment`);
    if (!question.options.some((option) => option.id === optionId)) {
      const accepted = question.options.map((option) => `'${option.id}'`).join(', ');
      throw invalidRequest(`answers.${questionId}: '${optionId}' is not one of its options (${accepted})`);
    }
  }
  const missing = assessmentQuestions.filter((question) => !(question.id in answers));
  if (missing.length > 0) {
    const names = missing.map((question) => `'${question.id}'`).join(', ');
    throw invalidRequest(`answers: every question needs an answer; missing ${names}`);
  }
}
