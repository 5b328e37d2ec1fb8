/**
 * The deterministic drafter (agents.md §1): what Baton writes when no AI provider is configured. It
 * builds real structured drafts from the user's own words: questions from a fixed catalogue, items
 * read from prose and lists (drafterItems), parts that keep every line (drafterSplit), a refined
 * description with its goals and open questions (drafterRefine), a plan whose milestones group the
 * board's and the named work by demo (drafterPlanText), a product story composed from the answers'
 * claims (drafterStory), patterns phrased as rules from the answers, with why and the board's items
 * they apply to (drafterPatterns). Each sentence is tagged once per draft, however many
 * readers read it (drafterNlp). Labelled `draftedBy: 'drafter'` so the UI never presents it as
 * AI, and its drafts spend no agent actions.
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
import type { AgentGenerator, GenerationInput } from './port';
import { describe, itemsFrom, kindOf } from './drafterItems';
import { splitParts } from './drafterSplit';
import { patternsFrom } from './drafterPatterns';
import { refine } from './drafterRefine';
import { planOf } from './drafterPlanText';
import { storyOf } from './drafterStory';
import { clip } from './drafterText';
import { readingOnce } from './drafterNlp';
import {
  engineeringPatternQuestions,
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

const drafts: Drafts = {
  'product-story/motivatingQuestions': () => questionsFrom(productStoryQuestions),
  'engineering-patterns/motivatingQuestions': () => questionsFrom(engineeringPatternQuestions),
  'product-patterns/motivatingQuestions': () => questionsFrom(productPatternQuestions),

  'product-story/story': ({ inputModel, project }) => ({
    story: clip(tidy(storyOf(inputModel.description, inputModel.answers ?? [], project?.items ?? [])), L.story),
  }),

  'project-plan/plan': ({ inputModel, project }) => planOf(inputModel, project?.items ?? []),

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
      return readingOnce(() => draft(input));
    },
  };
}
