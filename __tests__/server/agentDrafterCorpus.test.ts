import fc from 'fast-check';
import nlp from 'compromise/two';
import corpus from '../fixtures/drafterCorpus.json';
import { createDrafter } from '../../src/server/ai/drafter';
import { readingOnce, sentencesOf, sentencesOfEach, textOf } from '../../src/server/ai/drafterNlp';
import { ApiError } from '../../src/server/errors';
import type { GenerationInput } from '../../src/server/ai/port';

/** One description a person wrote, and the items (kind, title) and goals a careful planner makes of it. */
interface Case {
  name: string;
  description: string;
  defaultItemType?: 1 | 2 | 3;
  items: [string, string][];
  goals?: string[];
}

const drafter = createDrafter();
const KINDS: Record<number, string> = { 1: 'demo', 2: 'impl', 3: 'gtm' };
const cases = corpus.cases as Case[];
const normal = (text: string) =>
  text
    .trim()
    .replace(/[\s.!?,;:]+$/, '')
    .toLowerCase();
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** What a lead-in or a purpose may drop without losing anything meant ("we need to", "so that"). */
const FILLER = new Set(
  'goal goals is the and then also plus so next finally afterwards lastly please after that in order to we i you they ll let s us d need needs want wants would like have has must should will can could going first still really'.split(
    ' ',
  ),
);

/** The user's words, less list markers and the kind headings, labels and prefixes (they become the items' kinds). */
const wordsWritten = (description: string) =>
  words(
    description
      .replace(/^(\s*)(?:\d{1,3}[.)]|[-*+•])\s+(?:\[[ xX]\]\s+)?/gm, '$1')
      .replace(/^\s*(?:#+\s*)?(?:demos?|implementations?|go-to-market|gtm)\s*:?\s*$/gim, '')
      .replace(/^(\s*(?:[-*]\s+)?)(?:demo|implementation|gtm)\s*:/gim, '$1'),
  );

const itemsOf = async (description: string, defaultItemType?: 1 | 2 | 3) => {
  const inputModel = defaultItemType ? { description, defaultItemType } : { description };
  const { items } = await drafter.generate('add-multiple-items/items', {
    inputModel,
    item: null,
  } as GenerationInput<'add-multiple-items/items'>);
  return items;
};

describe('the drafter on the corpus of descriptions people write', () => {
  it('has at least 40 descriptions of every sort', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it('makes the items and kinds a careful planner makes, at least 90% exactly', async () => {
    const misses: string[] = [];
    for (const entry of cases) {
      const items = await itemsOf(entry.description, entry.defaultItemType);
      const got = items.map((item) => [KINDS[item.itemType], normal(item.description.split('\n')[0]!)]);
      const want = entry.items.map(([kind, title]) => [kind, normal(title)]);
      const text = items.map((item) => item.description.toLowerCase()).join('\n');
      const goalsKept = (entry.goals ?? []).every((goal) => text.includes(`- ${normal(goal)}`));
      if (JSON.stringify(got) !== JSON.stringify(want) || !goalsKept)
        misses.push(`${entry.name}: ${JSON.stringify(got)}`);
    }
    const score = (cases.length - misses.length) / cases.length;
    // The score docs/ai.md reports; the misses say what to improve.
    if (misses.length > 0) console.info(`drafter corpus ${Math.round(score * 100)}%; missed:\n${misses.join('\n')}`);
    expect(score).toBeGreaterThanOrEqual(0.9);
  });

  it('never makes a goal into an item', async () => {
    for (const entry of cases.filter((c) => c.goals)) {
      const titles = (await itemsOf(entry.description)).map((item) => normal(item.description.split('\n')[0]!));
      for (const goal of entry.goals!) expect(titles).not.toContain(normal(goal));
    }
  });

  it('drafts the same items from the refined description as from the one written (the item creation flow)', async () => {
    const titles = (items: { itemType: number; description: string }[]) =>
      items.map((item) => [item.itemType, item.description.split('\n')[0]]);
    for (const entry of cases) {
      const { refinedDescription } = await drafter.generate('add-multiple-items/refinedDescription', {
        inputModel: { description: entry.description },
        item: null,
      });
      const fromRefined = await itemsOf(refinedDescription, entry.defaultItemType);
      const fromWritten = await itemsOf(entry.description, entry.defaultItemType);
      expect({ name: entry.name, items: titles(fromRefined) }).toEqual({
        name: entry.name,
        items: titles(fromWritten),
      });
    }
  });

  it('loses nothing: every word of every sentence lands in some item', async () => {
    for (const entry of cases) {
      const said = new Set(
        words((await itemsOf(entry.description, entry.defaultItemType)).map((i) => i.description).join(' ')),
      );
      const lost = wordsWritten(entry.description).filter((word) => !said.has(word) && !FILLER.has(word));
      expect({ name: entry.name, lost }).toEqual({ name: entry.name, lost: [] });
    }
  });

  it('loses nothing from any prose, list or mix of them', async () => {
    const phrase = fc.constantFrom(
      'build the export',
      'we need to fix the login',
      'show it to the sales team',
      'the report is slow',
      'By March 3 we must migrate the index',
      'announce it in the newsletter',
      'so that admins can audit usage',
      'Goals: fewer tickets',
      'It should take 200 ms',
      'As an admin, I want a log',
      'CSV export',
    );
    const joiner = fc.constantFrom(', ', ' and ', '. ', '; ', '\n', '\n- ', '\n\n## Demos\n', '\n1. ', ', then ');
    const text = fc.array(fc.tuple(phrase, joiner), { minLength: 1, maxLength: 12 }).map((parts) =>
      parts
        .map(([p, j]) => p + j)
        .join('')
        .trim(),
    );
    await fc.assert(
      fc.asyncProperty(text, async (description) => {
        const items = await itemsOf(description).catch((error: unknown) => {
          expect(error).toBeInstanceOf(ApiError);
          return null;
        });
        if (!items) return;
        const said = new Set(words(items.map((item) => item.description).join(' ')));
        const lost = wordsWritten(description).filter((word) => !said.has(word) && !FILLER.has(word));
        expect(lost).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('reading prose', () => {
  it('gives every sentence back exactly as written', () => {
    const paragraph = 'We’ll demo it to **Acme**, then fix (the) bugs; ship it! Goal: 20% fewer tickets.';
    expect(sentencesOf(paragraph).map(textOf).join(' ')).toBe(paragraph);
  });

  /** What compromise makes of a paragraph tagged on its own, as the drafter's words. */
  const taggedAlone = (paragraph: string) =>
    nlp(paragraph).docs.map((terms) =>
      terms.map(({ pre, text, post, normal, tags }) => ({ pre, text, post, normal, tags: tags ?? new Set() })),
    );

  it('tags a sentence once per draft, read as tagging it again would read it', () => {
    const first = 'Show it to the sales team. We’ll (quietly) build the Stripe integration, then ship it!';
    const second = '  Pricing\n\n  We’ll (quietly) build the Stripe integration, then ship it!  \n\nAnd more.';
    const shared = readingOnce(() => [sentencesOf(first), sentencesOf(second)]);
    expect(shared).toEqual([taggedAlone(first), taggedAlone(second)]);
    // The second reading takes the first one's tagging; outside a draft each reading tags again.
    expect(shared[1]![1]![0]!.tags).toBe(shared[0]![1]![0]!.tags);
    expect(sentencesOf(second)[1]![0]!.tags).not.toBe(sentencesOf(first)[1]![0]!.tags);
  });

  it('reads any paragraphs of a draft as compromise reads each on its own', () => {
    const paragraph = fc
      .array(fc.constantFrom(...cases.map((entry) => entry.description)), { minLength: 1, maxLength: 3 })
      .chain((picked) =>
        fc.constantFrom(
          picked.join('\n\n'),
          picked.join(' '),
          ` ${picked.join('\n')}\n`,
          `\n\t${picked.join('  \n')}  `,
        ),
      );
    fc.assert(
      fc.property(fc.array(paragraph, { minLength: 2, maxLength: 4 }), (paragraphs) => {
        const alone = paragraphs.map(taggedAlone);
        // Read one by one; and all but the second tagged in one call, then the others read one by one.
        expect(readingOnce(() => paragraphs.map((text) => sentencesOf(text)))).toEqual(alone);
        const [first, ...rest] = paragraphs;
        expect(
          readingOnce(() => [...sentencesOfEach([first!, ...rest.slice(1)]), ...rest.map((text) => sentencesOf(text))]),
        ).toEqual([alone[0], ...alone.slice(2), ...alone.slice(1)]);
      }),
      { numRuns: 60 },
    );
  });
});
