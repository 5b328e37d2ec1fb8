import {
  AssessmentDimensions,
  MAX_OPTION_POINTS,
  assessmentQuestions,
  profileMinimums,
  AssessmentProfiles,
} from '../../src/shared/assessment/questionnaire';

/** The rubric's own invariants: docs/assessment.md and the scoring rely on them. */
describe('the assessment questionnaire', () => {
  test('question ids are unique, and each question belongs to a dimension', () => {
    const ids = assessmentQuestions.map((question) => question.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const question of assessmentQuestions) expect(AssessmentDimensions).toContain(question.dimension);
  });

  test('every dimension has three questions', () => {
    for (const dimension of AssessmentDimensions)
      expect([dimension, assessmentQuestions.filter((question) => question.dimension === dimension).length]).toEqual([
        dimension,
        3,
      ]);
  });

  test('each question offers unique options from 0 points up to the top, in rising order, with a next step', () => {
    for (const question of assessmentQuestions) {
      const points = question.options.map((option) => option.points);
      expect(new Set(question.options.map((option) => option.id)).size).toBe(question.options.length);
      expect(points[0]).toBe(0);
      expect(points.at(-1)).toBe(MAX_OPTION_POINTS);
      expect([...points].sort((a, b) => a - b)).toEqual(points);
      expect(question.nextStep.length).toBeGreaterThan(20);
    }
  });

  test('profile minimums rise from 0', () => {
    const minimums = AssessmentProfiles.map((profile) => profileMinimums[profile]);
    expect(minimums[0]).toBe(0);
    expect([...minimums].sort((a, b) => a - b)).toEqual(minimums);
  });
});
