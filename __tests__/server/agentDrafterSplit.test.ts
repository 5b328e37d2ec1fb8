import fc from 'fast-check';
import { createDrafter } from '../../src/server/ai/drafter';
import { ApiError } from '../../src/server/errors';
import type { GenerationInput } from '../../src/server/ai/port';

const drafter = createDrafter();
const item = { itemType: 2, description: 'unused', goals: [], parentContexts: [] };
const split = async (description: string, guidance?: string) => {
  const inputModel = guidance ? { description, guidance } : { description };
  const { parts } = await drafter.generate('split-project-item/parts', {
    inputModel,
    item,
  } as GenerationInput<'split-project-item/parts'>);
  return parts.map((part) => part.description);
};

describe('Split… with the built-in drafter', () => {
  it('makes each bullet a part and gives every part the intro', async () => {
    const parts = await split(
      'Checkout revamp\nWe lose 30% of carts at payment.\n\n- Saved cards\n- Apple Pay\n  - on Safari only',
    );
    expect(parts).toEqual([
      'Saved cards\n\nPart of: Checkout revamp\nWe lose 30% of carts at payment.',
      'Apple Pay\n- on Safari only\n\nPart of: Checkout revamp\nWe lose 30% of carts at payment.',
    ]);
  });

  it("makes each heading's section a part, with its table and code fence whole", async () => {
    const text = [
      '# Import',
      '## Parser',
      'Read the files.',
      '| format | size |',
      '| --- | --- |',
      '| csv | 10 MB |',
      '## Loader',
      '```sql',
      'insert into items values (1);',
      '',
      'insert into items values (2);',
      '```',
    ].join('\n');
    expect(await split(text)).toEqual([
      'Import',
      'Parser\nRead the files.\n\n| format | size |\n| --- | --- |\n| csv | 10 MB |',
      'Loader\n\n```sql\ninsert into items values (1);\n\ninsert into items values (2);\n```',
    ]);
  });

  it('splits prose into groups of sentences, each starting with a piece of work', async () => {
    expect(
      await split('Add the export button. It sits in the toolbar. Then write the CSV writer. It streams rows.'),
    ).toEqual(['Add the export button. It sits in the toolbar.', 'Then write the CSV writer. It streams rows.']);
  });

  it('follows guidance: a number of parts, by platform, by sentence', async () => {
    const list =
      'Push notifications\n- iOS permission prompt\n- Android channel setup\n- iOS badge count\n- Server sender';
    const intoTwo = await split(list, 'into two');
    expect(intoTwo).toHaveLength(2);
    expect(intoTwo[0]).toMatch(/^iOS permission prompt\n\n- Android channel setup\n/);
    const platforms = await split(list, 'split it by platform');
    expect(platforms.map((part) => part.split('\n')[0])).toEqual(['iOS permission prompt', 'Android channel setup']);
    expect(platforms[0]).toContain('iOS badge count');
    expect(platforms[0]).toContain('Server sender'); // shared work goes with the first platform
    expect(await split('Fix it. It is broken. It hurts.', 'by sentence')).toHaveLength(3);
  });

  it('refuses a text with nothing to split', async () => {
    const error = await split('Add a logout button').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/nothing to split/);
  });

  it('never loses a non-blank line of the input', async () => {
    const line = fc.oneof(
      fc.constantFrom(
        '- Build the export',
        '* [ ] Fix the login',
        '  - nested detail',
        '1. First step',
        '## Section',
        '# Title',
        '| a | b |',
        '```',
        'Add search. It is fast.',
        'Intro line',
        'Show it to the team, then announce it.',
        '',
      ),
      fc.stringMatching(/^[A-Za-z][A-Za-z .,]{0,30}$/),
    );
    const guidance = fc.constantFrom(undefined, 'into two', 'by platform', 'into 3', 'by sentence', 'by paragraph');
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 25 }), guidance, async (lines, how) => {
        const text = lines.join('\n');
        const parts = await split(text, how).catch((error: unknown) => {
          expect(error).toBeInstanceOf(ApiError);
          return null;
        });
        if (!parts) return;
        const all = parts.join('\n').replace(/\s+/g, ' '); // spacing inside a line is not content
        for (const written of lines) {
          const content = written.replace(/^\s*(?:[-*+•]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/, '').replace(/^#+\s*/, '');
          // A line of prose may be split between its sentences; each sentence is kept whole.
          for (const sentence of content.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+/))
            if (sentence.trim() !== '') expect(all).toContain(sentence.trim());
        }
      }),
      { numRuns: 500 },
    );
  });
});
