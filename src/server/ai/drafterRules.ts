/**
 * A claim phrased as a rule a team keeps, in the user's words: "We log errors with pino" → "Errors
 * must be logged with pino." (named "Logging errors with pino"); "Tests live next to the code" →
 * "Tests must live next to the code."; "Never call the database from a route" → "The database must
 * never be called from a route."; a plain phrase takes its family's frame ("Jest for units" → "Test
 * with Jest for units."), and under "avoid" or after "No" it is ruled out ("Never add modals.").
 */
import { isNounOrVerb, textOf, toInfinitive, verbForms, type Word } from './drafterNlp';

export interface Rule {
  name: string;
  rule: string;
  negative: boolean;
  /** The claim's content words, stemmed: claims with the same ones say the same thing. */
  words: string[];
  /** The things it is about (head nouns, stemmed): the board's items are matched on them. */
  nouns: string[];
}

/** How a plain phrase becomes a rule in each family ({} is the phrase; `a` when it takes an article). */
export interface Frame {
  template: string;
  article: boolean;
  /** Always ruled out (the "avoid" questions). */
  negative?: boolean;
  /** Always a phrase, never read as a sentence (the stack, the users). */
  phrase?: boolean;
  /** For a phrase of adjectives only ("Friendly but direct"). */
  describing?: string;
  /** Its phrases are mostly names ("Jest for units"): their first word keeps its capital. */
  keepCase?: boolean;
}

const infinitive = (word: Word) =>
  word.tags.has('Copula') ? 'be' : word.tags.has('Infinitive') ? word.normal : toInfinitive(word.normal);

const PARTICIPLES: Record<string, string> = {
  be: 'been',
  break: 'broken',
  choose: 'chosen',
  do: 'done',
  draw: 'drawn',
  drive: 'driven',
  eat: 'eaten',
  forget: 'forgotten',
  get: 'got',
  give: 'given',
  go: 'gone',
  grow: 'grown',
  hide: 'hidden',
  know: 'known',
  ride: 'ridden',
  run: 'run',
  see: 'seen',
  show: 'shown',
  speak: 'spoken',
  take: 'taken',
  throw: 'thrown',
  write: 'written',
};
const participle = (verb: string) => PARTICIPLES[verb] ?? verbForms(verb).PastTense ?? `${verb}ed`;
const gerund = (verb: string) => verbForms(verb).Gerund ?? `${verb}ing`;

const has = (word: Word | undefined, tag: string) => word?.tags.has(tag) ?? false;
const isNoun = (word: Word | undefined) => has(word, 'Noun') && !has(word, 'Pronoun');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const clean = (text: string) => text.replace(/^[\s,;:—–-]+|[\s.!?;:,—–-]+$/g, '').trim();
const run = (words: readonly Word[]) => clean(textOf(words));

/** A phrase as it reads mid-sentence: "Default exports" → "default exports", but "TypeScript", "Moment.js", "API" keep theirs. */
function midSentence(words: readonly Word[], keepCase: boolean): string {
  const text = run(words);
  const first = words[0];
  const named = ['ProperNoun', 'Acronym', 'Organization', 'Actor'].some((tag) => has(first, tag));
  if (!first || keepCase || /[.\d]|.\p{Lu}/u.test(first.text) || named) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "a"/"an" before a phrase headed by one countable thing ("a calm tone"), none before plurals or names. */
function article(words: readonly Word[]): string {
  const first = words[0];
  if (!first || words.slice(0, -1).some((word) => /,/.test(word.post))) return '';
  if (['Determiner', 'Possessive', 'Value', 'ProperNoun', 'Acronym', 'Pronoun'].some((tag) => has(first, tag)))
    return '';
  const headEnd = words.findIndex((word) => has(word, 'Preposition') || has(word, 'Conjunction'));
  const head = words[(headEnd === -1 ? words.length : headEnd) - 1];
  if (!isNoun(head) || has(head, 'Plural') || has(head, 'Uncountable')) return '';
  return /^[aeiou]/i.test(first.text) ? 'an ' : 'a ';
}

/** Leading words that carry no rule: a subject that is the team, adverbs, modals, and the negation (noted). */
function leadIn(words: readonly Word[], from: number): { at: number; negative: boolean; team: boolean } {
  let at = from;
  let negative = false;
  let team = false;
  for (; at < words.length; at += 1) {
    const word = words[at]!;
    if (at === from && /^(?:we|i|you)$/.test(word.normal)) team = true;
    else if (/^(?:never|not|don't|dont|avoid|no)$/.test(word.normal) || has(word, 'Negative')) negative = true;
    else if (/^(?:always|generally|usually|please|just|also)$/.test(word.normal)) continue;
    else if (/^(?:must|should|shall|will|can|may|do|does|need|needs|have|has|to)$/.test(word.normal)) continue;
    else break;
  }
  return { at, negative, team };
}

/** A noun phrase starting at `from`: determiners, adjectives, then nouns; its end, or `from` when there is none. */
function nounPhraseEnd(words: readonly Word[], from: number, subject = false): number {
  let at = from;
  while (at < words.length && ['Determiner', 'Possessive', 'Value', 'Adjective'].some((tag) => has(words[at], tag)))
    at += 1;
  const nounStart = at;
  // "integration tests", "billing module": a word the tagger read as a verb still names the thing here.
  // As a subject, "Error messages tell…": the verb is the word after it.
  const plural = (n: number) => n > nounStart && has(words[n], 'PresentTense') && /s$/.test(words[n]!.normal);
  const nounLike = (n: number) =>
    isNoun(words[n]) ||
    (has(words[n], 'Gerund') && isNoun(words[n + 1])) ||
    (plural(n) &&
      (subject
        ? has(words[n + 1], 'Infinitive') && !has(words[n + 1], 'Auxiliary')
        : isNounOrVerb(words[n]!.normal.replace(/s$/, ''))));
  while (at < words.length && nounLike(at)) {
    at += 1;
    if (/,/.test(words[at - 1]!.post)) break;
  }
  return at > nounStart ? at : from;
}

/** Stems that say what a rule is about: singular nouns, infinitive verbs, adjectives, without the filler. */
const FILLER = new Set(
  'be have do must should can will may every each all change changes code feature features thing things way always never no not'.split(
    ' ',
  ),
);
const stem = (word: Word) => {
  if (has(word, 'Verb')) return infinitive(word);
  if (has(word, 'Plural'))
    return word.normal
      .replace(/ies$/, 'y')
      .replace(/(ch|sh|x|ss)es$/, '$1')
      .replace(/s$/, '');
  return word.normal;
};
function contentOf(words: readonly Word[]) {
  const meaningful = words.filter(
    (word) =>
      ['Noun', 'Verb', 'Adjective', 'Value'].some((tag) => has(word, tag)) &&
      !has(word, 'Pronoun') &&
      !has(word, 'Auxiliary') &&
      !FILLER.has(word.normal),
  );
  // The head of each run of nouns names the thing ("merges" in "squash merges", not "squash").
  const heads = words.filter((word, n) => isNoun(word) && !isNoun(words[n + 1]) && !FILLER.has(word.normal));
  return { words: [...new Set(meaningful.map(stem))], nouns: [...new Set(heads.map(stem))] };
}

/** At most eight words, cut before a trailing preposition or article so a name never ends mid-phrase. */
function short(words: readonly Word[], atComma = true): Word[] {
  let end = atComma ? words.findIndex((_, n) => n > 0 && /[,;]/.test(words[n - 1]!.post)) : -1;
  end = end === -1 ? words.length : end;
  if (end <= 8) return words.slice(0, end);
  end = 8;
  while (end > 2 && ['Preposition', 'Determiner', 'Conjunction', 'Adjective'].some((tag) => has(words[end - 1], tag)))
    end -= 1;
  const lastBreak = words.slice(0, end).findLastIndex((word, n) => n > 0 && has(word, 'Preposition'));
  return words.slice(0, lastBreak > 2 ? lastBreak : end);
}

const TRANSPARENT = new Set(['use', 'adopt', 'prefer', 'pick']);

/** The rule for one claim, or null when nothing is left once the lead-in is read. */
export function ruleOf(claim: readonly Word[], frame: Frame): Rule | null {
  const lead = leadIn(claim, 0);
  const words = claim.slice(lead.at);
  if (!words.some((word) => /[\p{L}\p{N}]/u.test(word.text))) return null;
  const negative = lead.negative || frame.negative === true;
  const content = contentOf(words);
  const first = words[0]!;

  // "Validate input…", "We log errors…", "Never call…": a verb with what it acts on becomes passive.
  const asSentence = !frame.phrase || lead.team;
  if (asSentence && has(first, 'Verb') && !has(first, 'Auxiliary') && words.length > 1 && !has(first, 'PastTense')) {
    const verb = infinitive(first);
    const objectEnd = nounPhraseEnd(words, 1);
    // A quoted object ("say "workspace", never…") keeps the active voice.
    const quoted = words.slice(1, objectEnd).some((word) => /["“”'‘’]/.test(`${word.pre}${word.post}`));
    const passive = objectEnd > 1 && !quoted;
    const rest = run(words.slice(passive ? objectEnd : 1));
    const tail = rest ? ` ${rest}` : '';
    const rule = passive
      ? `${capital(run(words.slice(1, objectEnd)))} must ${negative ? 'never ' : ''}be ${participle(verb)}${tail}.`
      : `${negative ? 'Never' : 'Always'} ${verb}${tail}.`;
    const about = run(short(words.slice(1)));
    const name = negative
      ? `No ${gerund(verb)} ${about}`
      : TRANSPARENT.has(verb)
        ? capital(about)
        : capital(`${gerund(verb)} ${about}`);
    return { name, rule, negative, ...content };
  }

  // "Tests live next to the code", "Every list can be filtered…": the subject must do what it does.
  const subjectEnd = nounPhraseEnd(words, 0, true);
  if (asSentence && subjectEnd > 0) {
    const after = leadIn(words, subjectEnd);
    const verb = words[after.at];
    const rest = run(words.slice(after.at + 1));
    const finite = has(verb, 'Verb') && !has(verb, 'Gerund') && (!has(verb, 'PastTense') || after.at > subjectEnd);
    if (finite && (rest !== '' || has(verb, 'Copula'))) {
      const never = negative || after.negative;
      const rule = `${capital(run(words.slice(0, subjectEnd)))} must ${never ? 'never ' : ''}${infinitive(verb!)}${rest ? ` ${rest}` : ''}.`;
      return { name: capital(run(short(words))), rule, negative: never, ...content };
    }
  }

  // A plain phrase takes its family's frame; a ruled-out one is never added.
  // A phrase is about the last word of its first part ("merges" in "Squash merges for…"), whatever the tagger read.
  const headEnd = words.findIndex((word, n) => n > 0 && (has(word, 'Preposition') || /,/.test(words[n - 1]!.post)));
  const firstPart = words.slice(0, headEnd === -1 ? words.length : headEnd);
  const head = firstPart.at(-1)!;
  const nouns = [
    ...new Set([
      ...content.nouns.filter((noun) => !firstPart.some((word) => stem(word) === noun)),
      ...(FILLER.has(head.normal) ? [] : [has(head, 'Verb') ? head.normal.replace(/s$/, '') : stem(head)]),
    ]),
  ];
  const phrase = midSentence(words, frame.keepCase === true);
  if (negative) return { name: `No ${phrase}`, rule: `Never add ${phrase}.`, negative, words: content.words, nouns };
  const described = !words.some(isNoun) && frame.describing;
  const rule = described
    ? capital(frame.describing!.replace('{}', phrase))
    : capital(frame.template.replace('{}', `${frame.article ? article(words) : ''}${phrase}`));
  return { name: capital(run(short(words, false))), rule: `${rule}.`, negative, words: content.words, nouns };
}
