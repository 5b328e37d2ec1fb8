/**
 * The project plan from the story, the framing answers and the board. Its text turns the answers
 * into plan content: the goal and what changes, who it is for and the dates said, when it is done,
 * what is left out (and still on the board), the risks and constraints; its milestones group the
 * work that is there — the board's open items and the work the description and the answers name —
 * by their demos (drafterPlan). With no work anywhere it proposes no milestones: it says so and asks
 * what a planner would ask, rather than inventing phases.
 */
import { AGENT_LIMITS as L, type QuestionAnswer } from '../../shared/contract/agent';
import { displayTitle } from '../../shared/displayTitle';
import { ItemType } from '../../shared/enums';
import { answerClaims, capital, lowered, withoutWhen, withReasons, type AnswerClaim } from './drafterAnswers';
import { itemsFrom, kindOf, type DraftedItem } from './drafterItems';
import { isWorkVerb, kindFromWords } from './drafterKinds';
import { boardSummary, milestonesByDemo, type DraftedMilestone, type NamedWork } from './drafterPlan';
import { evidence, itemList, measureParagraph, measures, scopeParagraph, whoParagraph } from './drafterStory';
import { clip, firstParagraph, splitIntoPieces } from './drafterText';
import type { OutlineItem } from './port';

/** What a planner asks when nothing names a demo or a piece of work yet. */
export const PLANNING_QUESTIONS = [
  'What is the first thing you could show working, and to whom?',
  'Which pieces of work does that demo need?',
  'Is there a date it must be ready by?',
  'What has to happen for launch: documentation, an announcement, pricing?',
];

const LIST_LINE = /^\s*(?:[-*+•]|\d{1,3}[.)])\s/m;
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const unsaid = 0 as ItemType;

/** The item's kind as its words or its heading say, implementation for a work verb ("Update the UI"), else none. */
function saidKind(item: DraftedItem): ItemType | null {
  const said = kindOf(item, unsaid);
  if (said !== unsaid) return said;
  const verb = /[\p{L}][\p{L}'-]*/u.exec(item.title)?.[0].toLowerCase() ?? '';
  return isWorkVerb(verb) ? ItemType.Implementation : null;
}

/** Whether a text has a word of work in it at all: reading it for items (tagging it again) costs more than this. */
export const mayNameWork = (text: string) =>
  kindFromWords(text) !== undefined || (text.toLowerCase().match(/[\p{L}]+/gu) ?? []).some(isWorkVerb);

/** The work the description names (a list's lines whatever they say) and the answers name (only what says it is work). */
function namedWork(description: string, answers: readonly QuestionAnswer[]): NamedWork[] {
  const listed = LIST_LINE.test(description);
  const fromDescription = itemsFrom(description).items.flatMap((item) => {
    const kind = saidKind(item) ?? (listed ? ItemType.Implementation : null);
    return kind === null ? [] : [{ item, kind }];
  });
  // The answers say who and why as much as what: only the work whose words say it is work.
  const fromAnswers = answers
    .filter((entry) => entry.questionId !== 'scope' && mayNameWork(entry.answer))
    .flatMap((entry) => itemsFrom(entry.answer).items)
    .flatMap((item) => {
      const kind = saidKind(item);
      return kind === null ? [] : [{ item, kind }];
    });
  return [...fromDescription, ...fromAnswers];
}

function milestonesOf(description: string, named: NamedWork[], board: readonly OutlineItem[]): DraftedMilestone[] {
  const open = board.some((item) => !item.completed);
  const grouped = named.some(({ kind }) => kind === ItemType.Demo || kind === ItemType.GoToMarket);
  const { pieces } = splitIntoPieces(description);
  // A plain list and nothing else to group it by: each line is a step of its own.
  if (!open && !grouped && LIST_LINE.test(description) && pieces.length > 0)
    return pieces.map((piece) => {
      const [first = '', ...rest] = piece.text.split('\n');
      return { title: displayTitle(first), description: rest.join('\n').trim() };
    });
  return milestonesByDemo(named, board);
}

/** A dated claim that is not one of the milestones' work: "On March 3: the pilot starts." */
const dated = (claim: AnswerClaim) =>
  sentence(`${capital(claim.when!)}: ${lowered({ ...claim, text: withoutWhen(claim) })}`);

function risksOf(claims: AnswerClaim[], board: readonly OutlineItem[]): string[] {
  const lines = claims.flatMap((claim) => {
    if (claim.family === 'scope') return [];
    if (claim.risk) return [`- Risk: ${sentence(withReasons(lowered(claim), claim))}`];
    if (claim.constraint) return [`- Constraint: ${sentence(withReasons(lowered(claim), claim))}`];
    return [];
  });
  const stillThere = evidence(
    claims.filter((claim) => claim.family === 'scope'),
    board,
  );
  if (stillThere.length > 0) lines.push(`- Out of scope but on the board: ${itemList(stillThere)}.`);
  return lines;
}

export function planOf(
  input: { description: string; story?: string; answers?: QuestionAnswer[] },
  board: readonly OutlineItem[],
) {
  const answers = (input.answers ?? []).filter((entry) => entry.answer.trim() !== '');
  // The claims first: they tag all the answers in one call, so reading them for work (a call per
  // paragraph) finds their sentences tagged (drafterNlp).
  const claims = answerClaims(answers);
  const named = namedWork(input.description, answers);
  const milestones = milestonesOf(input.description, named, board)
    .slice(0, L.milestones)
    .map((milestone) => ({
      title: clip(milestone.title, L.title),
      description: clip(milestone.description, L.shortText),
    }));

  const placed = (claim: AnswerClaim) => claim.risk || claim.constraint;
  const work = new Set(named.map(({ item }) => item.title.toLowerCase()));
  const isWork = (claim: AnswerClaim) => [...work].some((title) => claim.text.toLowerCase().includes(title));
  const measured = measures(claims).filter((claim) => !placed(claim));
  const outcome = claims.filter(
    (claim) => claim.family === 'outcome' && !measured.includes(claim) && !placed(claim) && !isWork(claim),
  );
  const goalText = firstParagraph(input.story ?? '') || firstParagraph(input.description);
  const goal = [
    goalText,
    outcome
      .map((claim, n) => sentence(withReasons(n === 0 ? `With it, ${lowered(claim)}` : claim.text, claim)))
      .join(' '),
  ];
  const when = claims.filter((claim) => claim.when && !placed(claim) && !isWork(claim)).map(dated);
  const own = claims.filter((claim) => claim.family === 'own' && !claim.when && !placed(claim) && !isWork(claim));
  const sections: [string, string][] = [
    ['Goal', goal.filter(Boolean).join('\n\n')],
    ['Who and when', [whoParagraph(claims.filter((claim) => !placed(claim))), ...when].filter(Boolean).join(' ')],
    ['Done when', measureParagraph(measured)],
    ['Scope', scopeParagraph(claims.filter((claim) => claim.family === 'scope'))],
    ['Risks and constraints', risksOf(claims, board).join('\n')],
    [
      'Also decided',
      own.map((claim) => `- ${claim.question}: ${sentence(withReasons(lowered(claim), claim))}`).join('\n'),
    ],
    ['On the board', boardSummary(board)],
  ];
  if (milestones.length === 0)
    sections.push([
      'Questions to plan with',
      `No milestones yet: neither the description, the answers nor the board names a demo or a piece of work.\n\n${PLANNING_QUESTIONS.map((question) => `- ${question}`).join('\n')}`,
    ]);
  // The milestones are their own field (shown and edited as a list), so the text leaves them out.
  const plan = sections.filter(([, text]) => text.trim() !== '').map(([heading, text]) => `## ${heading}\n\n${text}`);
  return { plan: clip(plan.join('\n\n'), L.plan), milestones };
}
