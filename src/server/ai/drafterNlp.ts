/**
 * The drafter's reading of English prose, through compromise (server only: never import it from the
 * client): sentences as tagged words, each keeping the spacing and punctuation around it so any run
 * of words can be given back exactly as the user wrote it. `compromise/two` is the tokenizer and
 * tagger without the phrase chunker and the other compute steps of the full build, which the drafter
 * never reads: the same tags, a third less time per draft.
 */
import nlp from 'compromise/two';

export interface Word {
  /** What comes before the word (an opening bracket, `**`) and after it (spaces, `, `, `. `). */
  pre: string;
  text: string;
  post: string;
  /** Lower case, without punctuation; contractions keep their own ("we'll"). */
  normal: string;
  tags: ReadonlySet<string>;
}

/** The words of one sentence, in order. */
export type Sentence = Word[];

/** The sentences of a paragraph, tagged in context (parts of speech: Verb, Imperative, Pronoun…). */
export function sentencesOf(paragraph: string): Sentence[] {
  return nlp(paragraph).docs.map((terms) =>
    terms.map((term) => ({
      pre: term.pre,
      text: term.text,
      post: term.post,
      normal: term.normal,
      tags: term.tags ?? new Set<string>(),
    })),
  );
}

/** The words as the user wrote them, without the space around the run. */
export const textOf = (words: readonly Word[]) =>
  words
    .map((word) => `${word.pre}${word.text}${word.post}`)
    .join('')
    .trim();

/** The parts of compromise's model the drafter reads; its typings leave `methods()` and `model()` untyped. */
interface Compromise {
  methods(): {
    two: {
      transform: {
        verb: {
          toInfinitive(word: string, model: object): string;
          conjugate(word: string, model: object): { PastTense?: string; Gerund?: string };
        };
      };
    };
  };
  model(): {
    one: { lexicon: Record<string, string | string[] | undefined> };
    two: { switches: Record<string, string | undefined> };
  };
}
const typed = nlp as unknown as Compromise;
const model = typed.model();
const verbs = typed.methods().two.transform.verb;

/** A verb's base form ("includes" → "include"). */
export const toInfinitive = (word: string) => verbs.toInfinitive(word, model);
/** A verb's forms from its base ("validate" → "validated", "validating"). */
export const verbForms = (verb: string) => verbs.conjugate(verb, model);
/** Whether compromise knows a word as either a noun or a verb ("call", "test", "tell"). */
export const isNounOrVerb = (word: string) => (model.two.switches[word] ?? '').includes('Noun');
/** Whether compromise's lexicon knows a lower-case word: a word it does not know, written with a capital, is likely a name ("Okta"). */
export const isKnownWord = (word: string) =>
  model.one.lexicon[word] !== undefined || model.two.switches[word] !== undefined;
