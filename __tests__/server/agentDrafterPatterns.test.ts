import corpus from '../fixtures/patternsCorpus.json';
import { createDrafter } from '../../src/server/ai/drafter';
import { points } from '../../src/server/ai/drafterText';
import type { QuestionAnswer } from '../../src/shared/contract/agent';
import type { GenerationInput, OutlineItem } from '../../src/server/ai/port';

/** One set of answers to a patterns flow, and the patterns a careful planner keeps from it. */
interface Case {
  name: string;
  kind: 'engineering' | 'product';
  description: string;
  answers: QuestionAnswer[];
  board?: [string, number, string, boolean?][];
  patterns: { name: string; rule: string; why?: string; board?: string[] }[];
}

const drafter = createDrafter();
const cases = corpus.cases as Case[];
const normal = (text: string) =>
  text
    .trim()
    .replace(/[\s.!?,;:]+$/, '')
    .toLowerCase();
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const boardOf = (entry: Case): OutlineItem[] =>
  (entry.board ?? []).map(([key, itemType, title, completed]) => ({
    id: key,
    key,
    itemType,
    title,
    completed: completed === true,
    implementationIds: [],
    milestone: null,
  }));

const patternsOf = async (entry: Case) => {
  const { patterns } = (await drafter.generate(`${entry.kind}-patterns/patterns`, {
    inputModel: { description: entry.description, answers: entry.answers },
    item: null,
    project: { items: boardOf(entry) },
  } as GenerationInput<'engineering-patterns/patterns'>)) as { patterns: { name: string; description: string }[] };
  return patterns;
};

const lineOf = (description: string, label: string) =>
  description.split('\n').find((line) => line.startsWith(`${label}: `)) ?? '';

/** What the drafted patterns show of what a case expects: names, rules, reasons asked for, board keys. */
function misses(entry: Case, got: { name: string; description: string }[]): string[] {
  const found: string[] = [];
  if (got.length !== entry.patterns.length) found.push(`${got.length} patterns, not ${entry.patterns.length}`);
  entry.patterns.forEach((want, n) => {
    const pattern = got[n];
    if (!pattern) return;
    const [rule = ''] = pattern.description.split('\n');
    if (normal(pattern.name) !== normal(want.name)) found.push(`name "${pattern.name}"`);
    if (normal(rule) !== normal(want.rule)) found.push(`rule "${rule}"`);
    if (want.why && !lineOf(pattern.description, 'Why').toLowerCase().includes(want.why.toLowerCase()))
      found.push(`why "${lineOf(pattern.description, 'Why')}"`);
    const keys = lineOf(pattern.description, 'On the board').match(/\b[A-Z]+-\d+\b/g) ?? [];
    if (entry.board && JSON.stringify(keys) !== JSON.stringify(want.board ?? [])) found.push(`board ${keys.join(',')}`);
  });
  return found;
}

/** The words a pattern frames the user's words with; anything else must come from the answers or the board. */
const FRAMING = new Set(
  words(
    `must be been never always no every change feature build with keep the code in test to add design for write a an use get right
     why applies on board and more demos implementations go-to-market items
     it is what built how organised tested follows same conventions team has ruled out they are who product
     speaks users pattern recurs across`,
  ),
);
/** A word the drafter formed from one of the user's (a participle or gerund: "validated", "running"). */
const formedFrom = (word: string, source: Set<string>) =>
  [...source].some((known) => {
    let shared = 0;
    while (shared < Math.min(word.length, known.length) && word[shared] === known[shared]) shared += 1;
    return word === known || (shared >= 3 && shared >= Math.min(word.length, known.length) - 1);
  });

describe('the patterns drafter on the corpus of answers', () => {
  it('has at least 10 answer sets of both flows', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(new Set(cases.map((entry) => entry.kind))).toEqual(new Set(['engineering', 'product']));
  });

  it('keeps the patterns a careful planner keeps, at least 80% of the sets exactly', async () => {
    const missed: string[] = [];
    for (const entry of cases) {
      const found = misses(entry, await patternsOf(entry));
      if (found.length > 0) missed.push(`${entry.name}: ${found.join('; ')}`);
    }
    const score = (cases.length - missed.length) / cases.length;
    // The score docs/ai.md reports; the misses say what to improve.
    if (missed.length > 0) console.info(`patterns corpus ${Math.round(score * 100)}%; missed:\n${missed.join('\n')}`);
    expect(score).toBeGreaterThanOrEqual(0.8);
  });

  it('never restates an answer line as its rule or its description', async () => {
    for (const entry of cases) {
      const lines = entry.answers.flatMap((answer) => points(answer.answer)).map(normal);
      for (const pattern of await patternsOf(entry)) {
        const [rule = ''] = pattern.description.split('\n');
        expect(lines).not.toContain(normal(rule));
        expect(lines).not.toContain(normal(pattern.description));
      }
    }
  });

  it('invents nothing: every word comes from the answers, the board or the framing', async () => {
    for (const entry of cases) {
      const source = new Set(
        words(
          [
            entry.description,
            ...entry.answers.map((answer) => answer.answer),
            ...boardOf(entry).map((i) => `${i.key} ${i.title}`),
          ].join(' '),
        ),
      );
      for (const pattern of await patternsOf(entry)) {
        const invented = words(`${pattern.name} ${pattern.description}`).filter(
          (word) => !FRAMING.has(word) && !formedFrom(word, source),
        );
        expect({ case: entry.name, invented }).toEqual({ case: entry.name, invented: [] });
      }
    }
  });

  it('makes no more patterns than the answers make points, and lists only open items of the kinds it concerns', async () => {
    for (const entry of cases) {
      const patterns = await patternsOf(entry);
      const said = entry.answers.length > 0 ? entry.answers : [{ answer: entry.description }];
      const claims = said.flatMap((answer) => points(answer.answer).flatMap((point) => point.split(/[;,.]\s/))).length;
      expect(patterns.length).toBeLessThanOrEqual(claims);
      const board = boardOf(entry);
      for (const pattern of patterns) {
        const keys = lineOf(pattern.description, 'On the board').match(/\b[A-Z]+-\d+\b/g) ?? [];
        const applies = lineOf(pattern.description, 'Applies to');
        for (const key of keys) {
          const item = board.find((candidate) => candidate.key === key)!;
          expect(item.completed).toBe(false);
          expect(applies).toContain(['demos', 'implementations', 'go-to-market items'][item.itemType - 1]);
        }
      }
    }
  });
});
