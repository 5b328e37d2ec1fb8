/**
 * The product story from the framing answers: who it is for and what they do today, their problem,
 * what changes for them, how we will know it works, and what is out of scope, each composed from the
 * answers' claims (drafterAnswers) rather than repeated, then the demos that will show it (the board's
 * open demos and the ones the answers name) and the story's questions nobody answered. The board's
 * open items that name what a section is about are its evidence; nothing is added that the answers,
 * the description or the board do not say.
 */
import type { QuestionAnswer } from '../../shared/contract/agent';
import { ItemType } from '../../shared/enums';
import type { Word } from './drafterNlp';
import {
  answerClaims,
  capital,
  leftOut,
  listed,
  lowered,
  stemOf,
  withReasons,
  type AnswerClaim,
  type Family,
} from './drafterAnswers';
import { itemsFrom, kindOf } from './drafterItems';
import type { OutlineItem } from './port';
import { headingFor, productStoryQuestions } from './questionCatalogue';

const has = (word: Word | undefined, tag: string) => word?.tags.has(tag) ?? false;
const TIME = /^(?:today|currently|now|still|usually|mostly|often)$/;
/** How many board items a section names before it says how many more. */
const LISTED = 5;

const of = (claims: AnswerClaim[], family: Family) => claims.filter((claim) => claim.family === family);
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The first audience phrase up to its relative clause or detail: "Freelance designers who bill…" → "Freelance designers". */
export function shortWho(claims: AnswerClaim[]): string | null {
  const phrase = of(claims, 'audience').find((claim) => claim.phrase);
  if (!phrase) return null;
  const end = phrase.words.findIndex(
    (word, n) => n > 0 && (/^(?:who|that|which|with|at|in|from)$/.test(word.normal) || /[,(]/.test(word.pre)),
  );
  const words = phrase.words.slice(0, end === -1 ? phrase.words.length : end);
  const text = words
    .map((word) => `${word.pre}${word.text}${word.post}`)
    .join('')
    .replace(/[\s.!?;:,]+$/, '')
    .trim();
  return lowered({ text, words });
}

/** "Today they keep the list on a whiteboard" → "who today keep the list on a whiteboard", or null. */
function relative(claim: AnswerClaim): string | null {
  const words = claim.words;
  let at = 0;
  const time: string[] = [];
  while (at < words.length && TIME.test(words[at]!.normal)) time.push(words[at++]!.normal);
  if (words[at]?.normal !== 'they' || !has(words[at + 1], 'Verb')) return null;
  const rest = words
    .slice(at + 1)
    .map((word) => `${word.pre}${word.text}${word.post}`)
    .join('')
    .trim()
    .replace(/[\s.!?]+$/, '');
  return `who ${time.length > 0 ? time.join(' ') : 'today'} ${rest}`;
}

/** Who it is for and what they do today without it: "For parents of young children, who today plan meals…". */
export function whoParagraph(claims: AnswerClaim[]): string {
  const audience = of(claims, 'audience');
  const phrases = audience.filter((claim) => claim.phrase).map(lowered);
  const statements = audience.filter((claim) => !claim.phrase);
  const sentences: string[] = [];
  const first = statements[0];
  const joined = first && phrases.length > 0 && !/\b(?:who|that)\b/.test(phrases.at(-1)!) ? relative(first) : null;
  if (phrases.length > 0) sentences.push(`For ${listed(phrases)}${joined ? `, ${joined}` : ''}.`);
  for (const claim of joined ? statements.slice(1) : statements) {
    const text = withReasons(TIME.test(claim.words[0]!.normal) ? claim.text : `Today ${lowered(claim)}`, claim);
    sentences.push(sentence(text));
  }
  return sentences.join(' ');
}

function problemParagraph(claims: AnswerClaim[], who: string | null): string {
  const sentences = of(claims, 'problem').map((claim, n) => {
    const first = claim.words[0]!.normal;
    if (/^(?:i|we|my|our|i'm|we're)$/.test(first))
      return `In their words: “${sentence(withReasons(claim.text, claim))}”`;
    if (first === 'they' && who && n === 0)
      return sentence(withReasons(`${capital(who)}${claim.text.slice(4)}`, claim));
    if (n > 0 || first === 'they') return sentence(withReasons(claim.text, claim));
    return sentence(withReasons(who ? `For ${who}, ${lowered(claim)}` : `The problem: ${lowered(claim)}`, claim));
  });
  return sentences.join(' ');
}

function outcomeParagraph(claims: AnswerClaim[]): string {
  return claims
    .map((claim, n) => {
      const verb = has(claim.words[0], 'Infinitive') || has(claim.words[0], 'Imperative');
      const text = verb ? `they can ${lowered(claim)}` : lowered(claim);
      return sentence(withReasons(n === 0 ? `With it${claim.phrase ? ':' : ','} ${text}` : capital(text), claim));
    })
    .join(' ');
}

/** "It works when 200 families plan a week with it. Measured by: weekly active families." */
export function measureParagraph(claims: AnswerClaim[]): string {
  const statements = claims.filter((claim) => !claim.phrase).map((claim) => withReasons(lowered(claim), claim));
  const phrases = claims.filter((claim) => claim.phrase).map(lowered);
  const sentences: string[] = [];
  if (statements.length > 0) sentences.push(sentence(`It works when ${statements.join(', and when ')}`));
  if (phrases.length > 0) sentences.push(sentence(`Measured by: ${listed(phrases)}`));
  return sentences.join(' ');
}

/** "Not now: recipes and grocery delivery." */
export const scopeParagraph = (claims: AnswerClaim[]) =>
  claims.length > 0 ? sentence(`Not now: ${listed(claims.map(leftOut))}`) : '';

/** The open board items whose titles name a thing the claims are about. */
export function evidence(claims: AnswerClaim[], board: readonly OutlineItem[]): OutlineItem[] {
  // The head of each run of nouns names the thing ("attributes" in "SAML attributes", not "SAML").
  const isNoun = (word: Word | undefined) => has(word, 'Noun') && !has(word, 'Pronoun');
  const nouns = new Set(
    claims.flatMap((claim) =>
      claim.words.filter((word, n) => isNoun(word) && !isNoun(claim.words[n + 1])).map((word) => stemOf(word.normal)),
    ),
  );
  return board.filter(
    (item) =>
      !item.completed &&
      (item.title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some((word) => nouns.has(stemOf(word))),
  );
}

export const itemList = (items: readonly OutlineItem[]) => {
  const shown = items.slice(0, LISTED).map((item) => `${item.key} ${item.title}`);
  if (items.length > LISTED) shown.push(`${items.length - LISTED} more`);
  return listed(shown);
};

/** The claims that say how it will be measured: the measure answers, else the outcome's metrics. */
export function measures(claims: AnswerClaim[]): AnswerClaim[] {
  const measured = of(claims, 'measure');
  return measured.length > 0 ? measured : of(claims, 'outcome').filter((claim) => claim.metric);
}

/** A word a demo is named with (drafterKinds): texts without one are not read for items. */
const DEMO_HINT = /\b(?:demos?|webinars?|walk|show|take|presentations?|showcase)/i;

/** The demos the description and the answers name (not on the board), as the story will show them. */
export function namedDemos(texts: readonly string[], board: readonly OutlineItem[]): string[] {
  const onBoard = new Set(board.map((item) => item.title.toLowerCase()));
  return texts
    .filter((text) => DEMO_HINT.test(text))
    .flatMap((text) => itemsFrom(text).items)
    .filter((item) => kindOf(item, 0 as ItemType) === ItemType.Demo && !onBoard.has(item.title.toLowerCase()))
    .map((item) => item.title);
}

export function storyOf(description: string, answers: readonly QuestionAnswer[], board: readonly OutlineItem[]) {
  const given = answers.filter((entry) => entry.answer.trim() !== '');
  const claims = answerClaims(given);
  const who = shortWho(claims);
  const measured = measures(claims);
  const outcome = of(claims, 'outcome').filter((claim) => !measured.includes(claim));
  const scope = of(claims, 'scope');
  const own = of(claims, 'own');
  const sections: [string, string][] = [
    ['Who it is for', whoParagraph(claims)],
    ['The problem', problemParagraph(claims, who)],
    ['What changes for them', outcomeParagraph(outcome)],
    ['How we will know it works', measureParagraph(measured)],
    ['Out of scope', scopeParagraph(scope)],
  ];
  const changes = evidence([...outcome, ...of(claims, 'problem')], board);
  if (changes.length > 0) {
    const at = sections.findIndex(([heading]) => heading === 'What changes for them');
    const [heading, text] = sections[at]!;
    sections[at] = [heading, `${text}${text ? '\n\n' : ''}On the board: ${itemList(changes)}.`];
  }
  const stillThere = evidence(scope, board);
  if (stillThere.length > 0) sections.at(-1)![1] += `\n\nStill on the board: ${itemList(stillThere)}.`;
  if (own.length > 0) {
    const questions = [...new Set(own.map((claim) => claim.question))];
    const lines = questions.map((question) => {
      const said = own
        .filter((claim) => claim.question === question)
        .map((claim) => withReasons(lowered(claim), claim));
      return `- ${question}: ${said.join('; ')}.`;
    });
    sections.push(['More from the answers', lines.join('\n')]);
  }
  const demos = [
    ...board
      .filter((item) => item.itemType === ItemType.Demo && !item.completed)
      .map((demo) => `- ${demo.key} ${demo.title}${demo.milestone ? ` (${demo.milestone.name})` : ''}`),
    ...namedDemos([description, ...given.map((entry) => entry.answer)], board).map((title) => `- ${title}`),
  ];
  if (demos.length > 0) sections.push(['What we will show', demos.join('\n')]);
  // Only when some were answered: a story written from a description alone has nothing to ask yet.
  const asked = new Set(given.map((entry) => headingFor(productStoryQuestions, entry)));
  const open = productStoryQuestions.filter((question) => !asked.has(question.heading));
  if (given.length > 0 && open.length > 0)
    sections.push(['Still to decide', open.map((question) => `- ${question.question}`).join('\n')]);
  return [description.trim(), ...sections.filter(([, text]) => text !== '').map(([h, text]) => `## ${h}\n\n${text}`)]
    .filter(Boolean)
    .join('\n\n');
}
