import corpus from '../fixtures/storyPlanCorpus.json';
import { createDrafter } from '../../src/server/ai/drafter';
import { points } from '../../src/server/ai/drafterText';
import type { PairContent, QuestionAnswer } from '../../src/shared/contract/agent';
import type { GenerationInput, OutlineItem } from '../../src/server/ai/port';
import { productStoryQuestions } from '../../src/server/ai/questionCatalogue';

/** One set of framing answers, a board, and the story and plan a careful planner writes from them. */
interface Case {
  name: string;
  description: string;
  /** [questionId or null for a question of the team's own, answer, its question]. */
  answers: [string | null, string, string?][];
  board?: [string, number, string, boolean?, string?, string?][];
  story: { sections: string[]; says: Record<string, string[]> };
  plan: {
    sections: string[];
    says: Record<string, string[]>;
    milestones: { title: string; says?: string[] }[];
  };
}

const drafter = createDrafter();
// JSON gives the answer tuples as plain arrays.
const cases = corpus.cases as unknown as Case[];
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const normal = (text: string) =>
  text
    .trim()
    .replace(/^(?:[-*+•]|\d{1,3}[.)])\s+/, '')
    .replace(/^[\s"“”]+|[\s.!?,;:"“”]+$/g, '')
    .toLowerCase();

const answersOf = (entry: Case): QuestionAnswer[] =>
  entry.answers.map(([id, answer, question]) =>
    id
      ? { questionId: id, question: productStoryQuestions.find((known) => known.id === id)!.question, answer }
      : { question: question!, answer },
  );

const boardOf = (entry: Case): OutlineItem[] =>
  (entry.board ?? []).map(([key, itemType, title, completed, milestone, targetDate]) => ({
    id: key,
    key,
    itemType,
    title,
    completed: completed === true,
    implementationIds: [],
    milestone: milestone ? { name: milestone, targetDate: targetDate! } : null,
  }));

async function draftsOf(entry: Case) {
  const project = { items: boardOf(entry) };
  const inputModel = { description: entry.description, answers: answersOf(entry) };
  const { story } = (await drafter.generate('product-story/story', {
    inputModel,
    item: null,
    project,
  } as GenerationInput<'product-story/story'>)) as PairContent<'product-story/story'>;
  const plan = (await drafter.generate('project-plan/plan', {
    inputModel: { ...inputModel, story },
    item: null,
    project,
  } as GenerationInput<'project-plan/plan'>)) as PairContent<'project-plan/plan'>;
  return { story, plan };
}

/** The `##` sections of some markdown, by heading. */
const sectionsOf = (markdown: string) =>
  new Map(
    markdown
      .split(/^## /m)
      .slice(1)
      .map((part) => {
        const [heading = '', ...body] = part.split('\n');
        return [heading.trim(), body.join('\n').trim()] as const;
      }),
  );

function sectionMisses(what: string, markdown: string, want: { sections: string[]; says: Record<string, string[]> }) {
  const sections = sectionsOf(markdown);
  const found: string[] = [];
  if (JSON.stringify([...sections.keys()]) !== JSON.stringify(want.sections))
    found.push(`${what} sections ${[...sections.keys()].join(', ')}`);
  for (const [heading, phrases] of Object.entries(want.says)) {
    for (const phrase of phrases)
      if (!(sections.get(heading) ?? '').includes(phrase)) found.push(`${what} ${heading}: "${sections.get(heading)}"`);
  }
  return found;
}

/** What the drafts show of what a case expects: sections in order, what each says, the milestones. */
function misses(entry: Case, story: string, plan: PairContent<'project-plan/plan'>): string[] {
  const found = [...sectionMisses('story', story, entry.story), ...sectionMisses('plan', plan.plan, entry.plan)];
  const titles = plan.milestones.map((milestone) => milestone.title);
  if (JSON.stringify(titles) !== JSON.stringify(entry.plan.milestones.map((milestone) => milestone.title)))
    found.push(`milestones ${titles.join(' | ')}`);
  entry.plan.milestones.forEach((want, n) => {
    for (const phrase of want.says ?? [])
      if (!(plan.milestones[n]?.description ?? '').includes(phrase))
        found.push(`milestone ${want.title}: "${plan.milestones[n]?.description}"`);
  });
  return found;
}

/** The words the story and plan frame the user's words with; anything else must come from the input. */
const FRAMING = new Set(
  words(
    `for who today the problem in their words with it they can it works when measured by not now and because so that
     what changes them how we will know out of scope more from answers show still to decide still on board
     goal and when done risks constraints risk constraint but also decided questions plan no milestones yet neither
     description nor names a demo or piece work needs the rest build go market demos implementations implementation
     go-to-market items item milestones group them by done`,
  ),
);

describe('the story and plan drafters on the corpus of framing answers', () => {
  it('has at least 10 answer sets, some with a board', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(cases.filter((entry) => entry.board).length).toBeGreaterThanOrEqual(3);
  });

  it('writes the sections and milestones a careful planner writes, at least 80% of the sets exactly', async () => {
    const missed: string[] = [];
    for (const entry of cases) {
      const { story, plan } = await draftsOf(entry);
      const found = misses(entry, story, plan);
      if (found.length > 0) missed.push(`${entry.name}:\n  ${found.join('\n  ')}`);
    }
    const score = (cases.length - missed.length) / cases.length;
    // The score docs/ai.md reports; the misses say what to improve.
    if (missed.length > 0)
      console.info(`story and plan corpus ${Math.round(score * 100)}%; missed:\n${missed.join('\n')}`);
    expect(score).toBeGreaterThanOrEqual(0.8);
  });

  it('never restates an answer line: every line of the story and the plan is composed', async () => {
    for (const entry of cases) {
      const lines = new Set(
        answersOf(entry)
          .flatMap((answer) => points(answer.answer))
          .map(normal),
      );
      const { story, plan } = await draftsOf(entry);
      const written = [story, plan.plan, ...plan.milestones.flatMap((m) => [m.title, m.description])].flatMap((text) =>
        text.split('\n').map(normal),
      );
      expect({ case: entry.name, restated: written.filter((line) => lines.has(line)) }).toEqual({
        case: entry.name,
        restated: [],
      });
    }
  });

  it('invents nothing: every word comes from the description, the answers, the board or the framing', async () => {
    for (const entry of cases) {
      const source = new Set(
        words(
          [
            entry.description,
            ...entry.answers.flatMap(([, answer, question]) => [answer, question ?? '']),
            ...boardOf(entry).map(
              (item) => `${item.key} ${item.title} ${item.milestone?.name ?? ''} ${item.milestone?.targetDate ?? ''}`,
            ),
            ...productStoryQuestions.map((question) => question.question),
            'What is the first thing you could show working, and to whom? Which pieces of work does that demo need? Is there a date it must be ready by? What has to happen for launch: documentation, an announcement, pricing?',
          ].join(' '),
        ),
      );
      const { story, plan } = await draftsOf(entry);
      const text = [story, plan.plan, ...plan.milestones.flatMap((m) => [m.title, m.description])].join(' ');
      const invented = [...new Set(words(text).filter((word) => !FRAMING.has(word) && !source.has(word)))];
      expect({ case: entry.name, invented }).toEqual({ case: entry.name, invented: [] });
    }
  });
});
