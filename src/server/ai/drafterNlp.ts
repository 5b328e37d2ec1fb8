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
