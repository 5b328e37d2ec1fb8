/** The drafter's fixed questions, per flow, and the headings its drafts give their answers. */

export interface CatalogueQuestion {
  id: string;
  question: string;
  /** The section heading (story) or pattern family (patterns) the answer becomes. */
  heading: string;
}

export const productStoryQuestions: CatalogueQuestion[] = [
  { id: 'audience', question: 'Who is this for, and what do they do today without it?', heading: 'Who it is for' },
  { id: 'problem', question: 'What problem does it solve for them, in their words?', heading: 'The problem' },
  { id: 'outcome', question: 'What will be different for them when it works?', heading: 'What changes for them' },
  { id: 'scope', question: 'What is deliberately out of scope for now?', heading: 'Out of scope' },
  {
    id: 'measure',
    question: 'How will you know it works (a number or a behaviour you can observe)?',
    heading: 'How we will know it works',
  },
];

export const engineeringPatternQuestions: CatalogueQuestion[] = [
  { id: 'stack', question: 'Which languages, frameworks and services does the code use?', heading: 'Stack' },
  { id: 'structure', question: 'How is the code organised (folders, layers, modules)?', heading: 'Structure' },
  { id: 'testing', question: 'How is the code tested, and what must every change include?', heading: 'Testing' },
  {
    id: 'conventions',
    question: 'Which conventions must every change follow (naming, errors, logging, reviews)?',
    heading: 'Conventions',
  },
  { id: 'avoid', question: 'What should changes avoid (libraries, patterns, parts of the code)?', heading: 'Avoid' },
];

export const productPatternQuestions: CatalogueQuestion[] = [
  { id: 'users', question: "Who are the product's users, and which of their jobs matter most?", heading: 'Users' },
  { id: 'voice', question: 'How does the product speak to users (tone, words to use and avoid)?', heading: 'Voice' },
  {
    id: 'interface',
    question: 'Which interface patterns recur (layouts, components, interactions)?',
    heading: 'Interface',
  },
  {
    id: 'quality',
    question: 'What must every feature get right (accessibility, performance, privacy)?',
    heading: 'Quality bar',
  },
  { id: 'avoid', question: 'What should features avoid?', heading: 'Avoid' },
];

/** What Refine asks when the description does not say who it is for, what exactly it is, or when it is done. */
export const OPEN_QUESTIONS_HEADING = 'Open questions';
export const OPEN_QUESTIONS = {
  who: 'Who is this for, and who will use it first?',
  what: 'What exactly should it do: the smallest version that is useful?',
  done: 'How will we know it is done: a behaviour to check, or a number?',
};

/** The heading for an answer: the catalogue's when it names one of its questions, else the question itself. */
export function headingFor(catalogue: CatalogueQuestion[], answer: { questionId?: string; question: string }) {
  const known =
    catalogue.find((entry) => entry.id === answer.questionId) ??
    catalogue.find((entry) => entry.question === answer.question.trim());
  return known?.heading ?? answer.question.trim().replace(/\?$/, '');
}
