/**
 * Work asked for by naming it rather than by a verb: "Marketing wants a blog post and an App Store
 * refresh", "Customers asked for dark mode", "Sales needs a demo for Acme". Each thing named after the
 * request is one piece of work, titled by its words without the article ("Blog post").
 */
import type { Word } from './drafterNlp';

/** The request verbs, as one or two words: "wants", "would like", "asked for". */
const REQUESTS: readonly (readonly string[])[] = [
  ['want'],
  ['wants'],
  ['wanted'],
  ['need'],
  ['needs'],
  ['needed'],
  ['would', 'like'],
  ["'d", 'like'],
  ['asked', 'for'],
  ['asks', 'for'],
  ['ask', 'for'],
  ['is', 'asking', 'for'],
  ['are', 'asking', 'for'],
  ['requested'],
  ['requests'],
  ['expects'],
  ['expect'],
];
const ARTICLES = new Set(['a', 'an', 'the', 'some']);
/** What may come before the request: who asks ("Marketing", "The docs team", "Our biggest customer"). */
const SUBJECT_TAGS = ['Noun', 'Determiner', 'Adjective', 'Possessive', 'Pronoun'];
const MAX_SUBJECT_WORDS = 4;

export const isArticle = (word: Word | undefined) => ARTICLES.has(word?.normal ?? '');

const isThing = (word: Word | undefined) =>
  !!word &&
  !word.tags.has('Pronoun') &&
  (isArticle(word) || ['Noun', 'Adjective', 'Determiner', 'Value'].some((tag) => word.tags.has(tag)));

/**
 * Where what is asked for starts: a thing ("wants a blog post") or work ("needs to update the pricing
 * page", `thing: false`); null when the clause asks for nothing.
 */
export function requested(words: readonly Word[], start: number, end: number): { at: number; thing: boolean } | null {
  for (let at = start + 1; at <= Math.min(end - 1, start + MAX_SUBJECT_WORDS); at += 1) {
    const subject = words.slice(start, at);
    if (!subject.every((word) => SUBJECT_TAGS.some((tag) => word.tags.has(tag)) && !word.tags.has('Verb'))) return null;
    const request = REQUESTS.find((form) => form.every((part, n) => words[at + n]?.normal === part));
    if (!request) continue;
    const object = at + request.length;
    if (words[object]?.normal === 'to' && object + 1 < end) return { at: object + 1, thing: false };
    return object < end && isThing(words[object]) ? { at: object, thing: true } : null;
  }
  return null;
}

/** A clause's words from where a thing is named ("and an App Store refresh"), or -1 when it names none. */
export function thingStart(words: readonly Word[], start: number, end: number): number {
  let at = start;
  while (at < end && ['and', 'also', 'plus', 'or'].includes(words[at]!.normal)) at += 1;
  return at < end && isThing(words[at]) ? at : -1;
}

/** The thing's title: its words without a leading article. */
export const withoutArticle = (words: readonly Word[]) =>
  isArticle(words[0]) && words.length > 1 ? words.slice(1) : words;
