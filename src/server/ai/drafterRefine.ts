/**
 * Refine: the description made ready to plan from. A one-line title on top (for one piece of work),
 * the details as written, the goals pulled out into their own list ("Goals:" lists and lines, "so
 * that…", "in order to…", metrics), the answers under "Details", and the open questions a planner
 * would ask when who it is for, what exactly it is, or when it is done are not said.
 */
import type { QuestionAnswer } from '../../shared/contract/agent';
import { BULLET, LINE_BREAK } from './drafterText';
import { itemsFrom } from './drafterItems';
import { OPEN_QUESTIONS } from './questionCatalogue';

const GOALS_HEADING = /^\s*(?:#+\s*)?goals?\s*:?\s*$/i;
const GOAL_LINE = /^\s*goals?\s*:\s*\S/i;
const SENTENCE_END = /[.!?]["')\]]*$/;

const WHO =
  /\b(?:users?|customers?|clients?|admins?|administrators?|teams?|members?|people|visitors?|buyers?|sellers?|developers?|engineers?|support|sales|marketing|partners?|managers?|owners?|parents?|students?|patients?|staff|everyone|editors?|guests?|beta group|pilot)\b/i;
const DONE_WHEN =
  /\b(?:done when|acceptance|criteria|until|so that|in order to|must|should|at least|at most|under|within|fewer|more than|less than)\b|\d\s*%/i;

/** The text without its goal lists and goal lines (they go to the goals list instead). */
function withoutGoalLists(text: string): string {
  const kept: string[] = [];
  let inGoals = false;
  for (const line of text.split(LINE_BREAK)) {
    if (GOALS_HEADING.test(line)) {
      inGoals = true;
      continue;
    }
    if (inGoals && (BULLET.test(line) || line.trim() === '')) continue;
    inGoals = false;
    if (GOAL_LINE.test(line) && !BULLET.test(line)) continue;
    kept.push(line);
  }
  return kept.join('\n');
}

const answeredAbout = (answers: QuestionAnswer[], pattern: RegExp) =>
  answers.some((entry) => pattern.test(`${entry.questionId ?? ''} ${entry.question}`) && entry.answer.trim() !== '');

export interface Refinement {
  /** The title line to put on top, or null when the text already starts with one. */
  title: string | null;
  /** The details, as written, without the goal lists (and without the first sentence when it became the title). */
  details: string;
  goals: string[];
  openQuestions: string[];
}

export function refine(description: string, answers: QuestionAnswer[], single: boolean): Refinement {
  const { items, goals: shared } = itemsFrom(description);
  const goals = [...new Set([...items.flatMap((item) => item.goals), ...shared])].filter((goal) => goal !== '');
  let details = withoutGoalLists(description).trim();

  let title: string | null = null;
  const firstLine = details.split(LINE_BREAK)[0] ?? '';
  const titled = !BULLET.test(firstLine) && !SENTENCE_END.test(firstLine.trim()) && firstLine.length <= 120;
  if (!titled && items.length === 1) {
    const only = items[0]!.title;
    // "Add dark mode. It should…": the first sentence is the title, so it moves up rather than repeating.
    const first = /^[^\n]*?[.!?](?=\s|$)/.exec(details)?.[0] ?? '';
    if (
      first
        .replace(/[.!?]$/, '')
        .trim()
        .toLowerCase() === only.toLowerCase()
    ) {
      title = only;
      details = details.slice(first.length).trim();
    } else if (single) title = only;
  } else if (!titled && single && items.length > 1) title = items[0]!.title;

  const said = [description, ...answers.map((entry) => entry.answer)].join('\n');
  const openQuestions: string[] = [];
  if (!WHO.test(said) && !answeredAbout(answers, /audience|users|who/i)) openQuestions.push(OPEN_QUESTIONS.who);
  const words = description.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  if (words < 8 && answers.every((entry) => entry.answer.trim() === '')) openQuestions.push(OPEN_QUESTIONS.what);
  if (goals.length === 0 && !DONE_WHEN.test(said) && !answeredAbout(answers, /measure|done|success|know/i))
    openQuestions.push(OPEN_QUESTIONS.done);
  return { title, details, goals, openQuestions };
}
