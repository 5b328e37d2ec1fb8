import fc from 'fast-check';
import { DEFAULT_TITLE, displayTitle, TITLE_MAX_LENGTH, truncate } from '../../src/shared/displayTitle';

const codePoints = (text: string) => Array.from(text).length;

describe('display title (spec §5)', () => {
  it('is the first line, trimmed', () => {
    expect(displayTitle('  Plan the launch  \nmore detail')).toBe('Plan the launch');
    expect(displayTitle('\n\n  Second line first\r\nthird')).toBe('Second line first');
  });

  it("is 'Untitled Item' when there is nothing", () => {
    expect(displayTitle('')).toBe(DEFAULT_TITLE);
    expect(displayTitle('   \n \n')).toBe(DEFAULT_TITLE);
    expect(displayTitle(null)).toBe(DEFAULT_TITLE);
    expect(displayTitle(undefined)).toBe(DEFAULT_TITLE);
    expect(displayTitle('###')).toBe(DEFAULT_TITLE);
    expect(displayTitle('**  **')).toBe(DEFAULT_TITLE);
  });

  it('strips the leading hashes of a heading and keeps the rest of the line', () => {
    expect(displayTitle('# Checkout flow')).toBe('Checkout flow');
    expect(displayTitle('### Checkout. With a dot. ')).toBe('Checkout. With a dot.');
    expect(displayTitle('#NoSpace')).toBe('NoSpace');
  });

  it("otherwise cuts at the first '. ' and turns markdown into plain text", () => {
    expect(displayTitle('Fix the login bug. Then add tests.')).toBe('Fix the login bug');
    expect(displayTitle('Version 1.2 ships')).toBe('Version 1.2 ships');
    expect(displayTitle('**Bold** and _em_ with [a link](https://example.com) and `code`')).toBe(
      'Bold and em with a link and code',
    );
    expect(displayTitle('- [ ] a task')).not.toMatch(/^[-*]/);
    expect(displayTitle('> quoted')).toBe('quoted');
    expect(displayTitle('1. First step. Second')).toBe('First step');
    expect(displayTitle('<b>bold</b> text')).toBe('bold text');
  });

  it('cuts at 256 characters with an ellipsis', () => {
    const long = 'a'.repeat(300);
    const title = displayTitle(long);
    expect(codePoints(title)).toBe(TITLE_MAX_LENGTH);
    expect(title.endsWith('…')).toBe(true);
    expect(displayTitle('b'.repeat(256))).toBe('b'.repeat(256));
  });

  it('never splits an emoji when cutting', () => {
    const title = truncate('😀'.repeat(300), 256);
    expect(codePoints(title)).toBe(256);
    expect(title).toBe(`${'😀'.repeat(255)}…`);
  });

  it('property: at most 256 characters, never empty, one line, trimmed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1200, unit: 'grapheme' }), (description) => {
        const title = displayTitle(description);
        expect(codePoints(title)).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
        expect(title.length).toBeGreaterThan(0);
        expect(title).not.toMatch(/[\r\n]/);
        expect(title).toBe(title.trim());
      }),
    );
  });

  it('property: plain words come through unchanged, cut with an ellipsis only when too long', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 80 }), fc.string(), (words, rest) => {
        const line = words.join(' ');
        const title = displayTitle(`${line}\n${rest}`);
        if (codePoints(line) <= TITLE_MAX_LENGTH) expect(title).toBe(line);
        else {
          expect(title.endsWith('…')).toBe(true);
          expect(line.startsWith(title.slice(0, -1))).toBe(true);
        }
      }),
    );
  });

  it("property: a heading loses only its hashes; a sentence stops before the first '. '", () => {
    const text = fc.array(fc.stringMatching(/^[A-Za-z]{1,8}$/), { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), text, text, (level, first, second) => {
        expect(displayTitle(`${'#'.repeat(level)} ${first}. ${second}`)).toBe(`${first}. ${second}`);
        expect(displayTitle(`${first}. ${second}`)).toBe(first);
      }),
    );
  });
});
