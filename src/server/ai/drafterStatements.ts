/**
 * The claims in a patterns answer: each line or bullet, each `;`-part and each sentence that lays
 * down a rule is a claim; "because…", "so that…" and a following sentence that only explains ("Fast.",
 * "Half our users rely on one.") are its reasons; "Routes call services, services call repositories"
 * is two claims; a list of plain phrases ("Calm tone, plain words") is one claim each, unless the
 * answer names the stack (a stack is one list). Words keep their tags (compromise) for the phrasing.
 */
import { isNounOrVerb, sentencesOfEach, textOf, type Word } from './drafterNlp';
import { points } from './drafterText';

export interface Claim {
  words: Word[];
  reasons: string[];
}

const has = (word: Word | undefined, tag: string) => word?.tags.has(tag) ?? false;
const ends = (word: Word | undefined, mark: RegExp) => mark.test(word?.post ?? '');

/** Words that start a reason: everything after them explains the claim. */
const REASON = new Set(['because', 'since', 'otherwise']);

/** The words up to a reason, and the reason's text. */
function withoutReason(words: Word[]): Claim {
  for (let n = 2; n < words.length - 1; n += 1) {
    const word = words[n]!.normal;
    const soThat = word === 'so' && (words[n + 1]!.normal === 'that' || ends(words[n - 1], /,/));
    // "Avoid lodash, we have native methods": a clause of our own after a comma explains.
    const aside = /^(?:we|it|it's|they|that's)$/.test(word) && ends(words[n - 1], /,/) && has(words[n + 1], 'Verb');
    if (aside) return { words: words.slice(0, n), reasons: [trimmed(textOf(words.slice(n)))] };
    if (!REASON.has(word) && !soThat) continue;
    const from = soThat && words[n + 1]!.normal === 'that' ? n + 2 : n + 1;
    const reason = trimmed(textOf(words.slice(from)));
    return { words: words.slice(0, n), reasons: reason ? [reason] : [] };
  }
  return { words, reasons: [] };
}

const trimmed = (text: string) => text.replace(/[\s.!?;:,]+$/, '').trim();

const isFinite = (word: Word | undefined) =>
  has(word, 'Verb') && !has(word, 'Gerund') && !has(word, 'PastTense') && !has(word, 'Auxiliary');

const retagged = (word: Word, tags: string[]): Word => ({ ...word, tags: new Set(tags) });

/**
 * "Routes call services": at the start of a statement the tagger reads a plural subject as a verb and
 * the verb after it as a noun; a third-person verb followed by a bare noun that can be a verb is read
 * the other way round.
 */
function withSubjects(words: Word[]): Word[] {
  const fixed = [...words];
  let start = 0;
  for (let n = 0; n + 2 < fixed.length; n += 1) {
    if (n > 0 && ends(fixed[n - 1], /,/)) start = n;
    // Only within the subject: the statement's first words, nouns and adjectives so far ("Error messages tell").
    const inSubject = fixed.slice(start, n).every((word) => has(word, 'Noun') || has(word, 'Adjective'));
    if (!inSubject || n - start > 3) continue;
    const [subject, verb] = [fixed[n]!, fixed[n + 1]!];
    const third = has(subject, 'PresentTense') && !has(subject, 'Infinitive') && /s$/.test(subject.normal);
    if (third && has(verb, 'Singular') && isNounOrVerb(verb.normal) && !ends(subject, /\S/)) {
      fixed[n] = retagged(subject, ['Noun', 'Plural']);
      fixed[n + 1] = retagged(verb, ['Verb', 'PresentTense', 'Infinitive']);
    }
  }
  return fixed;
}

/** Where a comma starts a new statement with its own subject ("…, services call repositories"). */
function clauseStarts(words: Word[]): number[] {
  const starts: number[] = [];
  for (let n = 1; n < words.length; n += 1) {
    if (!ends(words[n - 1], /,/)) continue;
    let at = n;
    while (at < words.length && has(words[at], 'Noun') && !has(words[at], 'Pronoun')) at += 1;
    if (at > n && isFinite(words[at]) && at + 1 < words.length) starts.push(n);
  }
  return starts;
}

const hasVerb = (words: Word[]) => words.some(isFinite);

/** Splits at the given word positions. */
function cut(words: Word[], at: number[]): Word[][] {
  const runs: Word[][] = [];
  let from = 0;
  for (const start of [...at, words.length]) {
    if (start > from) runs.push(words.slice(from, start));
    from = start;
  }
  return runs;
}

/**
 * A sentence after the first one that is a rule of its own rather than its reason: an instruction,
 * a must or never, something we do ("We host on AWS"), or how a thing is ("Shared code lives in
 * src/lib"); a fact about someone's ("Half our users rely on one") or a word or two ("Fast.") explains.
 */
function isRule(words: Word[], phrases: boolean): boolean {
  if (phrases || has(words[0], 'Imperative')) return true;
  if (words.some((word) => /^(?:must|should|always|never|don't|do not|no)$/.test(word.normal) || has(word, 'Negative')))
    return true;
  if (words.length <= 3) return false;
  if (words[0]!.normal === 'we' && isFinite(words[1])) return true;
  let at = 0;
  while (at < words.length && (has(words[at], 'Noun') || has(words[at], 'Adjective') || has(words[at], 'Determiner')))
    at += 1;
  const owned = words
    .slice(0, at)
    .some((word) => has(word, 'Possessive') || has(word, 'Pronoun') || has(word, 'Value'));
  return at > 0 && !owned && isFinite(words[at]) && !has(words[at], 'PastTense');
}

/** The text of an answer as its claims are read: each point and each `;`-part, a blank line ending each. */
const claimText = (answer: string) =>
  points(answer)
    .flatMap((point) => point.split(/;\s+/))
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n\n');

/** The claims of one answer's sentences. */
function claimsIn(sentences: Word[][], oneList: boolean): Claim[] {
  const claims: Claim[] = [];
  let last: Claim | null = null;
  let partStarts = true;
  for (const tagged of sentences) {
    if (tagged.length === 0) continue;
    const sentence = withSubjects(tagged);
    const first = partStarts;
    partStarts = /\n\n/.test(sentence.at(-1)!.post);
    if (!first && last && !isRule(sentence, oneList)) {
      const reason = trimmed(textOf(sentence));
      if (reason) last.reasons.push(reason);
      continue;
    }
    const { words, reasons } = withoutReason(sentence);
    const runs =
      !hasVerb(words) && !oneList
        ? cut(
            words,
            words.flatMap((_, n) => (n > 0 && ends(words[n - 1], /,/) ? [n] : [])),
          )
        : cut(words, clauseStarts(words));
    for (const [n, run] of runs.entries()) {
      // "…, and no tracking": the list's last "and" joins, it says nothing.
      const said = run[0]?.normal === 'and' && n > 0 ? run.slice(1) : run;
      last = { words: said, reasons: n === runs.length - 1 ? reasons : [] };
      claims.push(last);
    }
  }
  return claims;
}

/**
 * The claims of each answer (or context description); `oneList` keeps a comma list of phrases whole.
 * Tagged at once (one call per point, or per answer, costs more than the tagging).
 */
export function claimsOfEach(answers: readonly { text: string; oneList: boolean }[]): Claim[][] {
  const sentences = sentencesOfEach(answers.map(({ text }) => claimText(text)));
  return answers.map(({ oneList }, n) => claimsIn(sentences[n]!, oneList));
}
