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

/** compromise's term, as its tokenizer and tagger leave it. */
type Term = { pre: string; text: string; post: string; normal: string; tags?: Set<string> };

/** The parts of compromise the drafter reads; its typings leave `world()`, `methods()`, `model()` and JSON input untyped. */
interface Compromise {
  /** Tags sentences already split into terms (compromise's JSON input). */
  (sentences: { terms: Term[] }[]): { docs: Term[][] };
  world(): {
    methods: { one: { tokenize: { fromString(text: string, world: object): Term[][] } } };
  };
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

/** The tagged sentences of this draft by their text (without the space around them), while one is drafted. */
let tagged: Map<string, Sentence> | null = null;

/**
 * Runs one draft with each sentence tagged once: the story and the plan read an answer both for its
 * claims and for the work it names, and the tagging is most of their time. compromise tags each
 * sentence on its own (its rules never look past the sentence), so a sentence's tags are the same
 * whatever paragraph it was read in, and the readers get exactly what tagging it again would give.
 */
export function readingOnce<T>(draft: () => T): T {
  const outer = tagged;
  tagged ??= new Map();
  try {
    return draft();
  } finally {
    tagged = outer;
  }
}

const wordOf = (term: Term): Word => ({
  pre: term.pre,
  text: term.text,
  post: term.post,
  normal: term.normal,
  tags: term.tags ?? new Set<string>(),
});

const spoken = (terms: readonly Term[]) => terms.map((term) => `${term.pre}${term.text}${term.post}`).join('');

/** A tagged sentence with the paragraph's space around it (the rest of its first `pre` and last `post` are its own). */
function placed(sentence: Sentence, lead: string, trail: string): Sentence {
  const words = sentence.map((word) => ({ ...word }));
  if (words.length > 0) {
    words[0]!.pre = lead + words[0]!.pre;
    words.at(-1)!.post += trail;
  }
  return words;
}

/** compromise's sentences of a paragraph, untagged, with the space around each. */
function split(paragraph: string) {
  const world = typed.world();
  return world.methods.one.tokenize.fromString(paragraph, world).map((terms) => {
    // The space around the sentence is in its first `pre` and last `post` (a word's text may hold some: " ##").
    const lead = /^\s*/.exec(terms[0]?.pre ?? '')![0];
    const trail = /\s*$/.exec(terms.at(-1)?.post ?? '')![0];
    const text = spoken(terms);
    return { terms, key: text.slice(lead.length, text.length - trail.length), lead, trail };
  });
}

/**
 * The sentences of each paragraph, tagged in context (parts of speech: Verb, Imperative, Pronoun…).
 * The sentences not tagged yet are tagged in one call: a call costs about as much as a few sentences.
 */
export function sentencesOfEach(paragraphs: readonly string[]): Sentence[][] {
  const memo = tagged ?? new Map<string, Sentence>();
  const read = paragraphs.map(split);
  const keys = new Set(read.flat().flatMap(({ key }) => (memo.has(key) ? [] : [key])));
  const fresh = read.flat().filter(({ key }) => keys.delete(key));
  if (fresh.length > 0) {
    const docs = typed(fresh.map(({ terms }) => ({ terms }))).docs;
    docs.forEach((terms, n) => {
      const words = terms.map(wordOf);
      if (words.length > 0) {
        words[0]!.pre = words[0]!.pre.replace(/^\s+/, '');
        words.at(-1)!.post = words.at(-1)!.post.replace(/\s+$/, '');
      }
      memo.set(fresh[n]!.key, words);
    });
  }
  return read.map((sentences) => sentences.map(({ key, lead, trail }) => placed(memo.get(key)!, lead, trail)));
}

/** The sentences of a paragraph, tagged in context. */
export const sentencesOf = (paragraph: string) => sentencesOfEach([paragraph])[0]!;

/** The words as the user wrote them, without the space around the run. */
export const textOf = (words: readonly Word[]) =>
  words
    .map((word) => `${word.pre}${word.text}${word.post}`)
    .join('')
    .trim();

/** A verb's base form ("includes" → "include"). */
export const toInfinitive = (word: string) => verbs.toInfinitive(word, model);
/** A verb's forms from its base ("validate" → "validated", "validating"). */
export const verbForms = (verb: string) => verbs.conjugate(verb, model);
/** Whether compromise knows a word as either a noun or a verb ("call", "test", "tell"). */
export const isNounOrVerb = (word: string) => (model.two.switches[word] ?? '').includes('Noun');
/** Whether compromise's lexicon knows a lower-case word: a word it does not know, written with a capital, is likely a name ("Okta"). */
export const isKnownWord = (word: string) =>
  model.one.lexicon[word] !== undefined || model.two.switches[word] !== undefined;
