/**
 * Prose into pieces of work: each sentence, and each coordinated clause of it ("…, build X, update Y
 * and write Z"), that asks for something to be done, or names what someone asks for ("Marketing wants a blog post
 * and …"), is one task; purposes ("so that…", "in order
 * to…"), goal sentences and metrics are goals; anything else is a note that belongs to a task.
 */
import { sentencesOf, textOf, type Word } from './drafterNlp';
import { isWorkVerb } from './drafterKinds';
import { isArticle, requested, thingStart, withoutArticle } from './drafterRequests';

export type Unit =
  | {
      type: 'tasks';
      tasks: { title: string }[];
      goals: string[];
      source: string;
      covered: boolean;
      /** Named what someone asks for ("Customer asked for SSO") rather than saying what to do. */
      asked?: boolean;
    }
  | { type: 'goal'; text: string; source: string }
  | { type: 'note'; source: string };

/** Words that join clauses or lead into the work ("and then", "we need to", "we'll also"). */
const CONNECTORS = new Set(['and', 'then', 'also', 'plus', 'so', 'next', 'finally', 'afterwards', 'lastly', 'please']);
const SUBJECTS = new Set(['we', 'i', 'you', 'they', "we'll", "i'll", "let's", "we'd", "i'd", 'let', 'us']);
const AUXILIARIES = new Set([
  'need',
  'needs',
  'want',
  'wants',
  'would',
  'like',
  'have',
  'has',
  'to',
  'also',
  'must',
  'should',
  'will',
  'can',
  'could',
  'going',
  'then',
  'first',
  'still',
  'really',
  '',
]);
const LEADING_NEEDS = new Set(['need', 'needs', 'must', 'should', 'have', 'want', 'wanna', 'gotta']);
/** Verbs that point at something rather than ask for work ("See the ticket"). */
const NOT_WORK = new Set(['see', 'note', 'cf', 'thanks', 'thank', 'read']);
const NOT_AN_ORDER = ['Gerund', 'PastTense', 'Copula', 'Modal', 'Auxiliary', 'Participle', 'Pronoun'];

/** Words a lead-in may drop without losing anything the user meant ("we need to", "and then"). */
const isFiller = (word: Word) =>
  CONNECTORS.has(word.normal) ||
  SUBJECTS.has(word.normal) ||
  AUXILIARIES.has(word.normal) ||
  LEADING_NEEDS.has(word.normal) ||
  word.normal === 'after';

const tokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A title: no trailing punctuation, a capital first letter (after any markup). */
export const cleanTitle = (text: string) =>
  text
    .trim()
    .replace(/[\s,;:.!?]+$/u, '')
    .replace(/^([^\p{L}\p{N}]*)(\p{Ll})/u, (_, markup: string, letter: string) => markup + letter.toUpperCase());

const isOrder = (word: Word | undefined, next: Word | undefined) => {
  if (!word || NOT_WORK.has(word.normal)) return false;
  // "Store the jobs" is work; "Store is closed" and "Design should…" are not.
  if (isWorkVerb(word.normal)) return !['Copula', 'Modal', 'Auxiliary'].some((tag) => next?.tags.has(tag));
  return word.tags.has('Verb') && !NOT_AN_ORDER.some((tag) => word.tags.has(tag));
};

/** Where the work starts in a clause: past connectors and a lead-in such as "by March 3 we must". */
function leadIn(words: Word[], from: number, end: number, firstClause: boolean): number {
  let at = from;
  while (at < words.length && CONNECTORS.has(words[at]!.normal)) at += 1;
  if (words[at]?.normal === 'after' && words[at + 1]?.normal === 'that') at += 2;
  // A short opening phrase ("By March 3", "Next week") before "we must …" in the sentence's first clause.
  let subject = at;
  if (firstClause) {
    const limit = Math.min(end, at + 5);
    for (let n = at; n < limit && !words[n]!.tags.has('Verb'); n += 1) {
      if (SUBJECTS.has(words[n]!.normal)) {
        subject = n;
        break;
      }
    }
  }
  if (SUBJECTS.has(words[subject]?.normal ?? '')) {
    let past = subject + 1;
    while (past < words.length && AUXILIARIES.has(words[past]!.normal)) past += 1;
    if (past > subject + 1 || words[subject]!.normal === "let's" || words[subject]!.normal.endsWith("'ll")) return past;
    // "First we ship push notifications": the team saying what it does next.
    if (['we', 'i'].includes(words[subject]!.normal) && isOrder(words[past], words[past + 1])) return past;
  }
  // "Need to scope it", "Must fix the export": the lead-in without its subject.
  if (LEADING_NEEDS.has(words[at]?.normal ?? '')) {
    let past = at + 1;
    while (past < words.length && AUXILIARIES.has(words[past]!.normal)) past += 1;
    if (isOrder(words[past], words[past + 1])) return past;
  }
  return at;
}

/** Where a purpose starts ("so that", "in order to", "so we can"), and how many words mark it. */
function purposeAt(words: Word[]): [number, number] | null {
  for (let n = 1; n < words.length; n += 1) {
    const [a, b, c] = [words[n]!.normal, words[n + 1]?.normal, words[n + 2]?.normal];
    if (a === 'so' && b === 'that') return [n, 2];
    if (a === 'in' && b === 'order' && c === 'to') return [n, 3];
    if (a === 'so' && SUBJECTS.has(b ?? '') && c === 'can') return [n, 1];
  }
  return null;
}

const GOAL_OPENING = /^(?:(?:the|our|main)\s+)*goals?\s*(?::|is to|is|are)\s+|^success\s+(?:is|means)\s+/i;
const METRIC = /\d\s*%|\bper ?cent\b|\b\d+(?:[.,]\d+)?\s*(?:ms|s|sec|seconds?|minutes?|mins?|hours?|days?|x)\b/i;

/** The units of one sentence. */
function unitOf(words: Word[]): Unit {
  const source = textOf(words);
  const opening = GOAL_OPENING.exec(source);
  if (opening) return { type: 'goal', text: cleanTitle(source.slice(opening[0].length)), source };

  const purpose = purposeAt(words);
  const head = purpose ? words.slice(0, purpose[0]) : words;
  const goals = purpose ? [cleanTitle(textOf(words.slice(purpose[0] + purpose[1])))].filter(Boolean) : [];
  const skipped: string[] = purpose ? words.slice(purpose[0], purpose[0] + purpose[1]).map((w) => w.text) : [];

  // A user story ("As an admin, I want …") is one piece of work as written.
  if (/^as an? /i.test(source)) {
    return { type: 'tasks', tasks: [{ title: cleanTitle(textOf(head)) }], goals, source, covered: true };
  }

  // Clauses: cut after a comma or semicolon and before "and" / "then".
  const starts = [0];
  head.forEach((word, index) => {
    if (index === 0) return;
    const before = head[index - 1]!;
    if (/[,;]/.test(before.post) || word.normal === 'and' || word.normal === 'then') starts.push(index);
  });
  const clauses = starts.map((start, n) => [start, starts[n + 1] ?? head.length] as const);

  let firstAt = leadIn(head, 0, clauses[0]![1], true);
  // "Marketing wants a blog post and …", "Sales needs to update the pricing page": who asks stays in the note.
  const asked = isOrder(head[firstAt], head[firstAt + 1]) ? null : requested(head, 0, clauses[0]![1]);
  if (asked && !asked.thing) firstAt = asked.at;
  if (!asked?.thing && !isOrder(head[firstAt], head[firstAt + 1])) {
    return METRIC.test(source) ? { type: 'goal', text: cleanTitle(source), source } : { type: 'note', source };
  }
  if (!asked) {
    skipped.push(
      ...head
        .slice(0, firstAt)
        .filter(isFiller)
        .map((w) => w.text),
    );
  }
  const ranges: { start: number; end: number; thing: boolean }[] = [
    { start: asked?.thing ? asked.at : firstAt, end: clauses[0]![1], thing: !!asked?.thing },
  ];
  for (const [start, end] of clauses.slice(1)) {
    const at = leadIn(head, start, end, false);
    // "…, and the sales team would like a walkthrough": another request in the same sentence.
    const again = isOrder(head[at], head[at + 1]) ? null : requested(head, at, end);
    const thing = asked?.thing ? thingStart(head, start, end) : -1;
    if (again && (again.thing || isOrder(head[again.at], head[again.at + 1]))) {
      ranges.push({ start: again.at, end, thing: again.thing });
    } else if (isOrder(head[at], head[at + 1]) && at < end) {
      skipped.push(
        ...head
          .slice(start, at)
          .filter(isFiller)
          .map((w) => w.text),
      );
      ranges.push({ start: at, end, thing: false });
    } else if (thing >= 0 && (isArticle(head[thing]) || /,/.test(head[start - 1]!.post))) {
      ranges.push({ start: thing, end, thing: true });
    } else ranges[ranges.length - 1]!.end = end;
  }
  const tasks = ranges
    .map(({ start, end, thing }) => {
      const words = head.slice(start, end);
      return { title: cleanTitle(textOf(thing ? withoutArticle(words) : words)) };
    })
    .filter((task) => task.title !== '');
  if (tasks.length === 0) return { type: 'note', source };
  const said = new Set([...tasks.map((t) => t.title), ...goals, ...skipped].flatMap(tokens));
  const covered = tokens(source).every((token) => said.has(token));
  return { type: 'tasks', tasks, goals, source, covered, ...(asked?.thing ? { asked: true } : {}) };
}

const POINTS_BACK = /\b(?:it|this|that|them|these)\b/i;

/** The units of a paragraph of prose, in order. */
export function unitsOf(paragraph: string): Unit[] {
  const units = sentencesOf(paragraph)
    .filter((words) => words.length > 0)
    .map(unitOf);
  // "Customer asked for SSO. Need to scope it, …": the request is what the work after it is about.
  return units.map((unit, n) => {
    const next = units[n + 1];
    const about = next?.type === 'tasks' && POINTS_BACK.test(next.tasks[0]!.title);
    return unit.type === 'tasks' && unit.asked && about ? { type: 'note', source: unit.source } : unit;
  });
}
