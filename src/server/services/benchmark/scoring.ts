/**
 * Scores answers on the published rubric (docs/assessment.md): per dimension, the weighted share of
 * the points available; the team's profile is the highest whose minimum every dimension meets.
 * Answers must have passed checkAnswers.
 */
import {
  ASSESSMENT_RUBRIC_VERSION,
  AssessmentDimensions,
  AssessmentProfiles,
  MAX_OPTION_POINTS,
  assessmentQuestions,
  profileMinimums,
  type AssessmentAnswers,
  type AssessmentDimension,
  type AssessmentProfile,
  type AssessmentQuestion,
} from '../../../shared/assessment/questionnaire';
import type { AssessmentResult, DimensionScore, ProfileComparison } from '../../../shared/contract/benchmark';

const pointsOf = (question: AssessmentQuestion, answers: AssessmentAnswers): number =>
  question.options.find((option) => option.id === answers[question.id])?.points ?? 0;

/** The highest profile whose minimum the score reaches. */
function levelOf(score: number): AssessmentProfile {
  return AssessmentProfiles.filter((profile) => score >= profileMinimums[profile]).at(-1) ?? 'starting';
}

/** The dimension's below-top answers, largest weighted gap first: their next steps. */
function nextStepsOf(questions: AssessmentQuestion[], answers: AssessmentAnswers): string[] {
  return questions
    .map((question, order) => ({
      question,
      order,
      gap: question.weight * (MAX_OPTION_POINTS - pointsOf(question, answers)),
    }))
    .filter((entry) => entry.gap > 0)
    .sort((a, b) => b.gap - a.gap || a.order - b.order)
    .map((entry) => entry.question.nextStep);
}

function scoreDimension(dimension: AssessmentDimension, answers: AssessmentAnswers): DimensionScore {
  const questions = assessmentQuestions.filter((question) => question.dimension === dimension);
  const earned = questions.reduce((sum, question) => sum + question.weight * pointsOf(question, answers), 0);
  const possible = questions.reduce((sum, question) => sum + question.weight * MAX_OPTION_POINTS, 0);
  const score = Math.round((100 * earned) / possible);
  const level = levelOf(score);
  // A dimension already at the top profile needs no steps; any other gets one per weaker answer.
  const nextSteps = level === 'agent-ready' ? [] : nextStepsOf(questions, answers);
  return { dimension, score, level, nextSteps };
}

function compare(profile: AssessmentProfile, dimensions: DimensionScore[]): ProfileComparison {
  const minimumScore = profileMinimums[profile];
  const shortfalls = dimensions
    .filter((entry) => entry.score < minimumScore)
    .map((entry) => ({ dimension: entry.dimension, points: minimumScore - entry.score }));
  return { profile, minimumScore, met: shortfalls.length === 0, shortfalls };
}

export function scoreAssessment(answers: AssessmentAnswers): AssessmentResult {
  const dimensions = AssessmentDimensions.map((dimension) => scoreDimension(dimension, answers));
  const overallScore = Math.round(dimensions.reduce((sum, entry) => sum + entry.score, 0) / dimensions.length);
  const profiles = AssessmentProfiles.map((profile) => compare(profile, dimensions));
  const profile = profiles.filter((comparison) => comparison.met).at(-1)?.profile ?? 'starting';
  return { rubricVersion: ASSESSMENT_RUBRIC_VERSION, overallScore, profile, dimensions, profiles };
}
