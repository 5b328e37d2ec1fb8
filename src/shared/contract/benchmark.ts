/**
 * The benchmark assessment (spec §1, §7 `POST /benchmark/assessment`): a team's answers to the
 * agent-readiness questionnaire (shared/assessment/questionnaire.ts), scored per dimension on the
 * published rubric (docs/assessment.md). Scoring is public; saving to a team needs a session.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { AssessmentDimensions, AssessmentProfiles } from '../assessment/questionnaire';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

/**
 * Question id → option id. Only the shape is checked here; which questions and options exist is
 * checked by the service, so an unknown one is named in the error message.
 */
export const AssessmentAnswers = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 64 }), {
  // A bound on the size, not the count: an extra question is refused by name in the service.
  maxProperties: 64,
  description: 'The chosen option id for every question id of the questionnaire.',
});

export const AssessmentRequest = Type.Object(
  { answers: AssessmentAnswers },
  { $id: 'AssessmentRequest', additionalProperties: false },
);
export type AssessmentRequest = Static<typeof AssessmentRequest>;

const Dimension = literals(AssessmentDimensions);
const Profile = literals(AssessmentProfiles);

export const DimensionScore = Type.Object(
  {
    dimension: Dimension,
    /** 0–100: the weighted share of the dimension's points. */
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    /** The highest profile whose minimum this dimension meets. */
    level: Profile,
    /** Concrete steps for the dimension's weakest answers; empty when it is agent-ready. */
    nextSteps: Type.Array(Type.String()),
  },
  { $id: 'DimensionScore' },
);
export type DimensionScore = Static<typeof DimensionScore>;

export const ProfileComparison = Type.Object(
  {
    profile: Profile,
    minimumScore: Type.Integer(),
    met: Type.Boolean(),
    /** Each dimension below the profile's minimum, with the points it lacks. */
    shortfalls: Type.Array(Type.Object({ dimension: Dimension, points: Type.Integer({ minimum: 1 }) })),
  },
  { $id: 'ProfileComparison' },
);
export type ProfileComparison = Static<typeof ProfileComparison>;

export const AssessmentResult = Type.Object(
  {
    rubricVersion: Type.Integer(),
    /** The mean of the dimension scores, rounded. */
    overallScore: Type.Integer({ minimum: 0, maximum: 100 }),
    /** The highest reference profile every dimension meets. */
    profile: Profile,
    dimensions: Type.Array(DimensionScore),
    profiles: Type.Array(ProfileComparison),
  },
  { $id: 'AssessmentResult' },
);
export type AssessmentResult = Static<typeof AssessmentResult>;

export const SavedAssessment = Type.Object(
  {
    id: Type.String(),
    dateCreated: Type.String({ format: 'date-time' }),
    answers: Type.Record(Type.String(), Type.String()),
    result: AssessmentResult,
  },
  { $id: 'SavedAssessment' },
);
export type SavedAssessment = Static<typeof SavedAssessment>;

export const SavedAssessmentList = Type.Object(
  { assessments: Type.Array(SavedAssessment) },
  { $id: 'SavedAssessmentList' },
);
export const SavedAssessmentParams = Type.Object({ id: Id });

/** How many saved assessments a team keeps; the list answers the newest first. */
export const SAVED_ASSESSMENT_LIMIT = 200;
