/**
 * The deterministic drafter (agents.md §1): what Baton writes when no AI provider is configured. It
 * builds real structured drafts from the user's own words: questions from a fixed catalogue, items
 * read from prose and lists (drafterItems), parts that keep every line (drafterSplit), a refined
 * description with its goals and open questions (drafterRefine), milestones by demo that group what
 * is on the project's board (drafterPlan), a story from the answers and the board's demos, patterns
 * phrased as rules from the answers, with why and the board's items they apply to (drafterPatterns). Labelled `draftedBy: 'drafter'` so the UI never
 * presents it as AI, and its drafts spend no agent actions.
 */
import {
  AGENT_LIMITS as L,
  type AgentPairKey,
  type PairContent,
  type QuestionAnswer,
} from '../../shared/contract/agent';
import { ItemType } from '../../shared/enums';
import { displayTitle } from '../../shared/displayTitle';
import { invalidRequest } from '../errors';
import type { AgentGenerator, GenerationInput, OutlineItem } from './port';
import { describe, itemsFrom, kindOf } from './drafterItems';
import { splitParts } from './drafterSplit';
import { patternsFrom } from './drafterPatterns';
import { refine } from './drafterRefine';
import { boardSummary, milestonesByDemo } from './drafterPlan';
import { clip, firstParagraph, points, splitIntoPieces } from './drafterText';
import {
  engineeringPatternQuestions,
  headingFor,
  OPEN_QUESTIONS_HEADING,
  productPatternQuestions,
  productStoryQuestions,
  type CatalogueQuestion,
} from './questionCatalogue';

type Drafts = { [K in AgentPairKey]: (input: GenerationInput<K>) => PairContent<K> };

const answered = (answers: QuestionAnswer[] | undefined) =>
  (answers ?? []).filter((entry) => entry.answer.trim() !== '');

/** Tidy markdown: no trailing spaces, at most one blank line in a row. */
const tidy = (text: string) =>
  text
    .replace(/[ \t]+$/gm, '')
    .replace(/(\r?\n){3,}/g, '\n\n')
    .trim();

const questionsFrom = (catalogue: CatalogueQuestion[]) => ({
  questions: catalogue.map(({ id, question }) => ({ id, question })),
});

/** The description followed by one section per answered question. */
function withAnswerSections(description: string, answers: QuestionAnswer[], catalogue: CatalogueQuestion[]) {
  const sections = answered(answers).map((entry) => `## ${headingFor(catalogue, entry)}\n\n${tidy(entry.answer)}`);
  return tidy([tidy(description), ...sections].join('\n\n'));
}

/**
 * The story: the description, the answers under their headings, the demos on the board as what will
 * be shown, and the story's questions nobody has answered yet.
 */
function storyOf(description: string, answers: QuestionAnswer[], board: readonly OutlineItem[]) {
  const parts = [withAnswerSections(description, answers, productStoryQuestions)];
  const demos = board.filter((item) => item.itemType === ItemType.Demo && !item.completed);
  if (demos.length > 0) {
    const shown = demos.map(
      (demo) => `- ${demo.key} ${demo.title}${demo.milestone ? ` (${demo.milestone.name})` : ''}`,
    );
    parts.push(`## What we will show\n\n${shown.join('\n')}`);
  }
  // Only when some were answered: a story written from a description alone has nothing to ask yet.
  const given = answered(answers);
  const open = productStoryQuestions.filter(
    (question) => !given.some((entry) => headingFor(productStoryQuestions, entry) === question.heading),
  );
  if (given.length > 0 && open.length > 0) {
    parts.push(`## Still to decide\n\n${open.map((question) => `- ${question.question}`).join('\n')}`);
  }
  return tidy(parts.join('\n\n'));
}

/** Bullets under a "Goals" heading or label in the answers. */
function goalsIn(texts: string[]): string[] {
  const goals: string[] = [];
  for (const text of texts) {
    let inGoals = false;
    for (const line of text.split(/\r\n|\r|\n/)) {
      if (/^\s*(#+\s*)?goals?\s*:?\s*$/i.test(line)) {
        inGoals = true;
        continue;
      }
      if (!inGoals) continue;
      const bullet = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+(.+)$/.exec(line);
      if (bullet && bullet[1]!.trim() !== '') goals.push(clip(bullet[1]!.trim(), L.goal));
      else if (line.trim() !== '') inGoals = false;
    }
  }
  return goals;
}

function refined(description: string, answers: QuestionAnswer[] | undefined, single: boolean, relatedTo?: string) {
  const given = answered(answers);
  const { title, details, goals, openQuestions } = refine(description, given, single);
  const parts = [title ?? '', tidy(details)];
  const asked = given.map((entry) => `### ${entry.question.trim()}\n\n${tidy(entry.answer)}`);
  if (asked.length > 0) parts.push(`## Details\n\n${asked.join('\n\n')}`);
  if (openQuestions.length > 0) {
    parts.push(`## ${OPEN_QUESTIONS_HEADING}\n\n${openQuestions.map((question) => `- ${question}`).join('\n')}`);
  }
  if (relatedTo) parts.push(`Related to: ${relatedTo}`);
  const allGoals = [...new Set([...goals, ...goalsIn(given.map((entry) => entry.answer))])];
  return {
    refinedDescription: clip(tidy(parts.filter((part) => part.trim() !== '').join('\n\n')), L.description),
    goals: allGoals.map((goal) => clip(goal, L.goal)).slice(0, L.goals),
  };
}

const defaultMilestones = (goal: string) => [
  {
    title: 'First demo',
    description: clip(`Show the smallest slice of "${goal}" working from end to end.`, L.shortText),
  },
  { title: 'Build', description: 'Implement the items the demo depends on, each with its tests.' },
  { title: 'Go to market', description: 'Prepare the launch: documentation, announcement and onboarding.' },
];

const drafts: Drafts = {
  'product-story/motivatingQuestions': () => questionsFrom(productStoryQuestions),
  'engineering-patterns/motivatingQuestions': () => questionsFrom(engineeringPatternQuestions),
  'product-patterns/motivatingQuestions': () => questionsFrom(productPatternQuestions),

  'product-story/story': ({ inputModel, project }) => ({
    story: clip(storyOf(inputModel.description, inputModel.answers ?? [], project?.items ?? []), L.story),
  }),

  'project-plan/plan': ({ inputModel, project }) => {
    const goalText = firstParagraph(inputModel.story ?? '') || firstParagraph(inputModel.description);
    const goal = displayTitle(goalText);
    const { pieces } = splitIntoPieces(inputModel.description);
    const bulleted = /^\s*(?:[-*+•]|\d{1,3}[.)])\s/m.test(inputModel.description);
    const byDemo = milestonesByDemo(inputModel.description, project?.items);
    const milestones = byDemo
      ? byDemo.slice(0, L.milestones).map((milestone) => ({
          title: clip(milestone.title, L.title),
          description: clip(milestone.description, L.shortText),
        }))
      : bulleted && pieces.length > 0
        ? pieces.slice(0, L.milestones).map((piece) => {
            const [first = '', ...rest] = piece.text.split('\n');
            return {
              title: clip(displayTitle(first), L.title),
              description: clip(rest.join('\n').trim(), L.shortText),
            };
          })
        : defaultMilestones(goal);
    const notes = answered(inputModel.answers).map(
      (entry) => `- ${entry.question.trim()} ${points(entry.answer).join('; ')}`,
    );
    // The milestones are their own field (shown and edited as a list), so the text leaves them out.
    const plan = [`## Goal\n\n${tidy(goalText)}`];
    const board = project ? boardSummary(project.items) : '';
    if (board) plan.push(`## On the board\n\n${board}`);
    if (notes.length > 0) plan.push(`## Notes from the answers\n\n${notes.join('\n')}`);
    return { plan: clip(plan.join('\n\n'), L.plan), milestones };
  },

  'engineering-patterns/patterns': ({ inputModel, project }) =>
    patternsFrom('engineering', {
      description: inputModel.description,
      answers: inputModel.answers ?? [],
      catalogue: engineeringPatternQuestions,
      board: project?.items ?? [],
    }),
  'product-patterns/patterns': ({ inputModel, project }) =>
    patternsFrom('product', {
      description: inputModel.description,
      answers: inputModel.answers ?? [],
      catalogue: productPatternQuestions,
      board: project?.items ?? [],
    }),

  'add-multiple-items/refinedDescription': ({ inputModel }) =>
    refined(inputModel.description, inputModel.answers, false),
  'add-single-new-item/refinedDescription': ({ inputModel, item }) =>
    refined(inputModel.description, inputModel.answers, true, item ? displayTitle(item.description) : undefined),

  'add-multiple-items/items': ({ inputModel }) => {
    const { items, goals } = itemsFrom(inputModel.description);
    if (items.length === 0) throw invalidRequest('inputModel.description has no items: write one per line or bullet');
    if (items.length > L.items) {
      throw invalidRequest(`inputModel.description has ${items.length} items; at most ${L.items} are added at once`);
    }
    const fallback = inputModel.defaultItemType ?? ItemType.Implementation;
    return {
      items: items.map((item) => ({
        itemType: kindOf(item, fallback) as 1 | 2 | 3,
        description: clip(describe(item, goals), L.description),
      })),
    };
  },

  'split-project-item/parts': ({ inputModel, item }) => {
    const source = inputModel.description ?? item?.description ?? '';
    const parts = splitParts(source, inputModel.guidance, L.parts);
    if (parts.length < 2) {
      throw invalidRequest('There is nothing to split: write the parts as lines or bullets in the description');
    }
    return { parts: parts.map((description) => ({ description: clip(description, L.description) })) };
  },
};

export function createDrafter(): AgentGenerator {
  return {
    draftedBy: 'drafter',
    provider: 'none',
    async generate(pair, input) {
      const draft = drafts[pair] as (input: GenerationInput) => PairContent<typeof pair>;
      return draft(input);
    },
  };
}
