/**
 * The framing answers read as claims (drafterStatements), each with what the story and the plan need
 * to place it: the story question it answers (its family), whether it is a phrase ("Parents of young
 * children") or a statement, the date it names, whether it is a risk or a constraint, and the things
 * it is about (to find the board's items). Claims that say the same thing under two questions are one.
 */
import type { QuestionAnswer } from '../../shared/contract/agent';
import { isKnownWord, textOf, type Word } from './drafterNlp';
import { claimsOfEach } from './drafterStatements';
import { productStoryQuestions } from './questionCatalogue';
import { WHEN } from './drafterPlan';

export type Family = 'audience' | 'problem' | 'outcome' | 'measure' | 'scope' | 'own';

export interface AnswerClaim {
  family: Family;
  /** The question it answers, for a question of the team's own. */
  question: string;
  text: string;
  words: Word[];
  reasons: string[];
  /** Its reason is what it is for ("so that…"), not why. */
  purpose: boolean;
  phrase: boolean;
  when?: string;
  risk: boolean;
  constraint: boolean;
  metric: boolean;
  /** Content words, stemmed: claims sharing most of them say the same thing. */
  stems: string[];
}

const has = (word: Word | undefined, tag: string) => word?.tags.has(tag) ?? false;
const trimmed = (text: string) => text.replace(/^[\s,;:—–"“”-]+|[\s.!?;:,—–"“”-]+$/g, '').trim();

const RISK =
  /\b(?:risks?|risky|might|may not|could (?:fail|slip|break)|unless|worr(?:y|ied)|depends? on|not sure|unknown|unclear)\b/i;
const CONSTRAINT =
  /\b(?:must|only|at most|no more than|budget|can't|cannot|has to|have to|limited|deadline|team of|until)\b/i;
const METRIC =
  /\d|%|\b(?:half|twice|double|percent|per (?:day|week|month)|(?:two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred|thousand) (?:minutes?|hours?|days?|weeks?|months?|times?))\b/i;
const STATEMENT_START =
  /^(?:they|we|i|he|she|it|today|currently|now|right|still|most|some|many|nobody|everyone|there)$/;

export const stemOf = (word: string) =>
  word
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|x|ss)es$/, '$1')
    .replace(/s$/, '');

const FILLER = new Set(
  'a an the and or of to for in on at by with it they we i is are be will can do not no this that their our who'.split(
    ' ',
  ),
);
const stemsOf = (words: readonly Word[]) => [
  ...new Set(words.map((word) => stemOf(word.normal)).filter((stem) => stem !== '' && !FILLER.has(stem))),
];

const isNoun = (word: Word | undefined) => has(word, 'Noun') && !has(word, 'Pronoun');
const ACRONYM = /^\p{Lu}{2,}$/u;

/**
 * Whether a verb the tagger read is a noun or a participle in a phrase: "Support agents", "Team leads",
 * "admins at…", "Tickets closed per agent".
 */
function inPhrase(words: readonly Word[], n: number): boolean {
  const [word, next] = [words[n]!, words[n + 1]];
  if (n === 0) return isNoun(next) && !has(next, 'Pronoun');
  if (!next) return true;
  const afterNoun = isNoun(words[n - 1]) || ACRONYM.test(words[n - 1]!.text);
  const plural = has(word, 'PresentTense') && /s$/.test(word.normal);
  return afterNoun && (plural || has(word, 'PastTense')) && has(next, 'Preposition');
}

/** Whether a claim is a phrase naming someone or something rather than a statement of what someone does. */
function isPhrase(words: readonly Word[]): boolean {
  const first = words[0];
  if (!first) return false;
  const acronym = ACRONYM.test(first.text);
  if (!acronym && (STATEMENT_START.test(first.normal) || has(first, 'Pronoun'))) return false;
  if (!acronym && has(first, 'Verb') && !has(first, 'Gerund') && !inPhrase(words, 0)) return false;
  for (const [n, word] of words.entries()) {
    // "Freelance designers who bill by the hour": what follows a relative word describes the phrase.
    if (/^(?:who|that|which)$/.test(word.normal)) return true;
    const finite = has(word, 'Verb') && !has(word, 'Gerund') && !has(word, 'Auxiliary');
    if (n > 0 && (has(word, 'Copula') || has(word, 'Modal') || (finite && !inPhrase(words, n)))) return false;
  }
  return true;
}

function familyOf(entry: QuestionAnswer): Family {
  const known =
    productStoryQuestions.find((question) => question.id === entry.questionId) ??
    productStoryQuestions.find((question) => question.question === entry.question.trim());
  return (known?.id as Family | undefined) ?? 'own';
}

/** Most words in common, or one claim's words all in the other's ("…in spreadsheets today" and "Today they…"). */
const similar = (a: string[], b: string[]) => {
  if (a.length === 0 || b.length === 0) return false;
  const shared = a.filter((word) => b.includes(word)).length;
  return shared / new Set([...a, ...b]).size >= 0.75 || (shared >= 3 && shared / Math.min(a.length, b.length) >= 0.8);
};

/** Whether the words after the claim in its answer start a purpose ("…, so that…") rather than a reason. */
function purposeFollows(answer: string, text: string): boolean {
  const at = answer.indexOf(text);
  return at !== -1 && /^[\s,]*so\b/i.test(answer.slice(at + text.length));
}

/** "No payments, no native apps": a list of phrases is one claim each. */
function phrasesOf(words: Word[]): Word[][] {
  const runs: Word[][] = [[]];
  for (const word of words) {
    if (word.normal === 'and' && runs.at(-1)!.length > 0 && !/,/.test(runs.at(-1)!.at(-1)!.post)) runs.push([]);
    else if (word.normal !== 'and' || runs.at(-1)!.length > 0) runs.at(-1)!.push(word);
    if (/[,;]/.test(word.post)) runs.push([]);
  }
  return runs.filter((run) => run.length > 0);
}

/** Every claim of the answers, merged where two say the same thing (the first one kept, with both reasons). */
export function answerClaims(answers: readonly QuestionAnswer[]): AnswerClaim[] {
  const claims: AnswerClaim[] = [];
  const given = answers
    .filter((entry) => entry.answer.trim() !== '')
    .map((entry) => {
      const family = familyOf(entry);
      // Who it is for, what is left out and the team's own questions are lists: every sentence is one, never a reason.
      return { entry, family, listing: family === 'audience' || family === 'scope' || family === 'own' };
    });
  const claimed = claimsOfEach(given.map(({ entry, listing }) => ({ text: entry.answer, oneList: listing })));
  for (const [at, { entry, family, listing }] of given.entries()) {
    for (const claim of claimed[at]!) {
      const pieces = listing && isPhrase(claim.words) ? phrasesOf(claim.words) : [claim.words];
      for (const [n, words] of pieces.entries()) {
        const text = trimmed(textOf(words));
        if (text === '' || !/[\p{L}\p{N}]/u.test(text)) continue;
        const reasons = n === pieces.length - 1 ? claim.reasons.filter(Boolean) : [];
        const stems = stemsOf(words);
        const same = claims.find((other) => similar(other.stems, stems));
        if (same) {
          same.reasons.push(...reasons.filter((reason) => !same.reasons.includes(reason)));
          continue;
        }
        const said = [text, ...reasons].join(' ');
        claims.push({
          family,
          question: entry.question.trim().replace(/\?$/, ''),
          text,
          words,
          reasons,
          purpose: reasons.length > 0 && purposeFollows(entry.answer, text),
          phrase: isPhrase(words),
          when: WHEN.exec(text)?.[0],
          risk: RISK.test(said),
          constraint: CONSTRAINT.test(said),
          metric: METRIC.test(text),
          stems,
        });
      }
    }
  }
  return claims;
}

/** The claim's text as it reads mid-sentence: "Deciding…" → "deciding…", but "Okta's…", "SCIM…", "I…" keep theirs. */
export function lowered(claim: { text: string; words: readonly Word[] }): string {
  const first = claim.words[0];
  const tagged = ['ProperNoun', 'Acronym', 'Organization', 'Person', 'Place'].some((tag) => has(first, tag));
  // "Okta's sandbox": a plain singular noun compromise does not know is a name.
  const plain = first && [...first.tags].every((tag) => /^(?:Noun|Singular|Possessive)$/.test(tag));
  const named = tagged || (plain && !isKnownWord(first.normal.replace(/'s$/, '')));
  if (!first || named || first.normal === 'i' || /.\p{Lu}/u.test(first.text)) return claim.text;
  return claim.text.charAt(0).toLowerCase() + claim.text.slice(1);
}

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a", "a and b", "a, b and c". */
export const listed = (parts: string[]) =>
  parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');

/** A claim with its reasons: "Food goes off, because nobody remembers what is in the fridge". */
export const withReasons = (text: string, claim: AnswerClaim) =>
  claim.reasons.length > 0 ? `${text}, ${claim.purpose ? 'so that' : 'because'} ${claim.reasons.join(', and ')}` : text;

/** The words of a claim that are its time ("on March 3"), taken out: "The pilot starts". */
export const withoutWhen = (claim: AnswerClaim) =>
  claim.when ? trimmed(claim.text.replace(claim.when, '').replace(/\s{2,}/g, ' ')) : claim.text;

/** Words that leave a claim out ("No", "We won't do") before what is left out. */
const LEAVE_OUT =
  /^(?:(?:we|i)\s+(?:will not|won't|do not|don't|are not|aren't)\s+(?:(?:do|build|support|handle|add|offer|ship|include)\s+)?|no\s+|not\s+|nothing\s+(?:like\s+)?|never\s+|without\s+)/i;

/** What a scope claim leaves out, without the words saying so: "No grocery delivery" → "grocery delivery". */
export const leftOut = (claim: AnswerClaim) => {
  const text = lowered(claim);
  const rest = text.replace(LEAVE_OUT, '');
  return rest === text ? text : rest;
};
