/**
 * The agent-readiness assessment (spec §1 "benchmark assessment"; docs/assessment.md is the published
 * rubric). One definition for both sides: the questionnaire the content site and the app show, and
 * the points and weights the server scores it with. Changing points, weights or thresholds changes
 * the rubric: bump ASSESSMENT_RUBRIC_VERSION and docs/assessment.md with it.
 */

export const ASSESSMENT_RUBRIC_VERSION = 1;

/** The seven dimensions, in the order they are asked and shown. */
export const AssessmentDimensions = ['tests', 'ci', 'review', 'docs', 'issues', 'agents', 'security'] as const;
export type AssessmentDimension = (typeof AssessmentDimensions)[number];

export interface AssessmentOption {
  id: string;
  label: string;
  /** 0 (absent) to 3 (what agent hand-off needs). */
  points: 0 | 1 | 2 | 3;
}

export interface AssessmentQuestion {
  id: string;
  dimension: AssessmentDimension;
  text: string;
  /** How much the question counts within its dimension: 1 or 2. */
  weight: 1 | 2;
  options: readonly AssessmentOption[];
  /** What to do when the answer is below the top option; the server answers it as a next step. */
  nextStep: string;
}

/** The most points an option gives. */
export const MAX_OPTION_POINTS = 3;

export const dimensionTitles: Record<AssessmentDimension, string> = {
  tests: 'Tests',
  ci: 'Continuous integration',
  review: 'Code review',
  docs: 'Documentation',
  issues: 'Issue quality',
  agents: 'Agent use',
  security: 'Security',
};

const option = (id: string, label: string, points: AssessmentOption['points']): AssessmentOption => ({
  id,
  label,
  points,
});

export const assessmentQuestions: readonly AssessmentQuestion[] = [
  {
    id: 'tests-coverage',
    dimension: 'tests',
    text: 'How much of the code that changes often is covered by automated tests?',
    weight: 2,
    options: [
      option('none', 'Little or none', 0),
      option('some', 'Some areas', 1),
      option('most', 'Most of it', 2),
      option('all', 'Nearly all of it, and new code comes with tests', 3),
    ],
    nextStep:
      'Cover the code you change most with tests first, and make "comes with tests" part of done for every change.',
  },
  {
    id: 'tests-local',
    dimension: 'tests',
    text: 'Can anyone run the whole test suite locally with one command?',
    weight: 1,
    options: [
      option('no', 'No', 0),
      option('with-setup', 'Yes, after manual setup', 1),
      option('one-command', 'Yes, one documented command', 3),
    ],
    nextStep: 'Make the whole suite run with one documented command on a fresh checkout, so an agent can run it too.',
  },
  {
    id: 'tests-reliability',
    dimension: 'tests',
    text: 'How often does the suite fail for reasons unrelated to the change (flaky tests)?',
    weight: 1,
    options: [
      option('often', 'Often', 0),
      option('sometimes', 'Sometimes', 1),
      option('rarely', 'Rarely', 2),
      option('never', 'Almost never; flaky tests are fixed or quarantined', 3),
    ],
    nextStep: 'Track flaky tests and fix or quarantine them: an agent cannot tell a flaky failure from its own bug.',
  },
  {
    id: 'ci-pull-requests',
    dimension: 'ci',
    text: 'What runs automatically on every pull request?',
    weight: 2,
    options: [
      option('nothing', 'Nothing', 0),
      option('build', 'A build', 1),
      option('tests', 'Build and tests', 2),
      option('full', 'Build, tests, lint and type checks', 3),
    ],
    nextStep:
      'Run build, tests, lint and type checks on every pull request, so each agent change is checked the same way.',
  },
  {
    id: 'ci-required',
    dimension: 'ci',
    text: 'Must the checks pass before a pull request can merge?',
    weight: 1,
    options: [
      option('no', 'No', 0),
      option('by-habit', 'By habit, not enforced', 1),
      option('required', 'Yes, required by branch protection', 3),
    ],
    nextStep: 'Protect the main branch: make the checks required before merging.',
  },
  {
    id: 'ci-speed',
    dimension: 'ci',
    text: 'How long do the pull request checks take?',
    weight: 1,
    options: [
      option('over-hour', 'Over an hour', 0),
      option('under-hour', '15 to 60 minutes', 1),
      option('under-15', '5 to 15 minutes', 2),
      option('under-5', 'Under 5 minutes', 3),
    ],
    nextStep: 'Bring the pull request checks under 15 minutes (parallelise, cache, split slow suites).',
  },
  {
    id: 'review-required',
    dimension: 'review',
    text: 'Is every change reviewed by someone other than its author before it merges?',
    weight: 2,
    options: [
      option('rarely', 'Rarely', 0),
      option('sometimes', 'Sometimes', 1),
      option('always', 'Always, enforced', 3),
    ],
    nextStep: 'Require one approving review on every pull request, agent-written ones included.',
  },
  {
    id: 'review-turnaround',
    dimension: 'review',
    text: 'How soon does a pull request usually get its first review?',
    weight: 1,
    options: [option('days', 'Days', 0), option('day', 'Within a day', 2), option('hours', 'Within a few hours', 3)],
    nextStep: 'Agree a review turnaround (first review within a day) so agent pull requests do not pile up.',
  },
  {
    id: 'review-size',
    dimension: 'review',
    text: 'How large is a typical pull request?',
    weight: 1,
    options: [
      option('large', 'Over 1,000 changed lines', 0),
      option('medium', '300 to 1,000 lines', 1),
      option('small', 'Under 300 lines', 3),
    ],
    nextStep: 'Split work so one pull request stays under about 300 changed lines: reviewable in one sitting.',
  },
  {
    id: 'docs-setup',
    dimension: 'docs',
    text: 'Does the repository explain how to set up, build, test and run the project?',
    weight: 2,
    options: [
      option('no', 'No', 0),
      option('outdated', 'Partly, or out of date', 1),
      option('current', 'Yes, and it is kept current', 3),
    ],
    nextStep: 'Write (or refresh) a README that takes a newcomer from clone to passing tests.',
  },
  {
    id: 'docs-conventions',
    dimension: 'docs',
    text: 'Are the code conventions and architecture written down where an agent can read them?',
    weight: 2,
    options: [
      option('no', 'No', 0),
      option('scattered', 'In people’s heads or scattered wikis', 1),
      option('repo', 'In the repository', 2),
      option('agent-file', 'In the repository, with an agent instructions file (AGENTS.md, CLAUDE.md)', 3),
    ],
    nextStep:
      'Put the conventions and architecture in the repository, with an AGENTS.md or CLAUDE.md that points agents at them.',
  },
  {
    id: 'docs-decisions',
    dimension: 'docs',
    text: 'Are important decisions recorded (decision records, design notes)?',
    weight: 1,
    options: [option('no', 'No', 0), option('sometimes', 'Sometimes', 1), option('always', 'Yes, as a habit', 3)],
    nextStep: 'Record decisions where the code lives (short decision records), so the why travels with the work.',
  },
  {
    id: 'issues-acceptance',
    dimension: 'issues',
    text: 'Do work items state what done looks like (acceptance criteria)?',
    weight: 2,
    options: [
      option('rarely', 'Rarely', 0),
      option('sometimes', 'Sometimes', 1),
      option('usually', 'Usually', 2),
      option('always', 'Always', 3),
    ],
    nextStep: 'Give every item acceptance criteria an agent can check its work against.',
  },
  {
    id: 'issues-size',
    dimension: 'issues',
    text: 'How large is a typical work item?',
    weight: 1,
    options: [
      option('weeks', 'Weeks of work', 0),
      option('days', 'Several days', 1),
      option('day', 'A day or less', 3),
    ],
    nextStep: 'Split items until each is a day or less of work: one pull request, one review.',
  },
  {
    id: 'issues-context',
    dimension: 'issues',
    text: 'Do items link the context needed to do them (designs, related code, decisions)?',
    weight: 1,
    options: [option('rarely', 'Rarely', 0), option('sometimes', 'Sometimes', 1), option('usually', 'Usually', 3)],
    nextStep: 'Link each item to its context (decisions, designs, related code) instead of relying on memory.',
  },
  {
    id: 'agents-usage',
    dimension: 'agents',
    text: 'How does the team use AI coding agents today?',
    weight: 2,
    options: [
      option('none', 'Not at all', 0),
      option('autocomplete', 'Autocomplete or chat in the editor', 1),
      option('tasks', 'Agents complete small tasks under supervision', 2),
      option('handoff', 'Whole items are handed to agents and come back as pull requests', 3),
    ],
    nextStep: 'Pick a few small, well-specified items and hand them to an agent end to end; review what comes back.',
  },
  {
    id: 'agents-guidelines',
    dimension: 'agents',
    text: 'Does the team agree on what may be handed to an agent, and how agent output is checked?',
    weight: 1,
    options: [option('no', 'No', 0), option('informal', 'Informally', 1), option('written', 'Yes, written down', 3)],
    nextStep: 'Write down which work goes to agents and how their pull requests are reviewed and merged.',
  },
  {
    id: 'agents-environment',
    dimension: 'agents',
    text: 'Can an agent build and test the project in a sandbox or CI without a person’s help?',
    weight: 1,
    options: [option('no', 'No', 0), option('partly', 'Partly', 1), option('yes', 'Yes', 3)],
    nextStep:
      'Give agents an environment (a container or CI job) where the project builds and tests with no manual step.',
  },
  {
    id: 'security-secrets',
    dimension: 'security',
    text: 'Where do secrets (API keys, passwords) live?',
    weight: 2,
    options: [
      option('in-code', 'Sometimes in the code or shared chats', 0),
      option('env-files', 'In local files kept out of the repository', 1),
      option('manager', 'In a secrets manager, with scanning for leaks', 3),
    ],
    nextStep: 'Move secrets to a secrets manager and turn on secret scanning, so no agent ever sees or commits one.',
  },
  {
    id: 'security-dependencies',
    dimension: 'security',
    text: 'Are dependencies scanned for known vulnerabilities?',
    weight: 1,
    options: [
      option('no', 'No', 0),
      option('occasionally', 'Occasionally, by hand', 1),
      option('automated', 'Automatically, with updates proposed', 3),
    ],
    nextStep: 'Turn on automated dependency scanning and update pull requests (Dependabot, Renovate).',
  },
  {
    id: 'security-permissions',
    dimension: 'security',
    text: 'What can an agent (or its token) reach?',
    weight: 1,
    options: [
      option('broad', 'Broad access: production, admin rights', 0),
      option('repo', 'The repository, with write access to main', 1),
      option('least', 'Only what the task needs; no direct push to main', 3),
    ],
    nextStep: 'Give agents least privilege: their own branch, no direct push to main, no production credentials.',
  },
];

/** The profile thresholds of the rubric: a team is at the highest profile whose minimum every dimension meets. */
export const AssessmentProfiles = ['starting', 'practising', 'agent-ready'] as const;
export type AssessmentProfile = (typeof AssessmentProfiles)[number];

export const profileMinimums: Record<AssessmentProfile, number> = {
  starting: 0,
  practising: 40,
  'agent-ready': 75,
};

export const profileTitles: Record<AssessmentProfile, string> = {
  starting: 'Starting',
  practising: 'Practising',
  'agent-ready': 'Agent-ready',
};

/** Answers by question id: the chosen option's id. */
export type AssessmentAnswers = Record<string, string>;
