import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const src = path.resolve(__dirname, '../../../src/client');
const tokens = readFileSync(path.join(src, 'ui/tokens.css'), 'utf8');

/** Each theme's custom properties: light (the first :root block), dark by media query, dark by choice. */
function themes(): Record<string, Record<string, string>> {
  const blocks = {
    light: tokens.slice(0, tokens.indexOf('@media')),
    'dark (system)': tokens.slice(tokens.indexOf('@media'), tokens.indexOf(":root[data-theme='dark']")),
    'dark (chosen)': tokens.slice(tokens.indexOf(":root[data-theme='dark']")),
  };
  return Object.fromEntries(
    Object.entries(blocks).map(([name, block]) => [
      name,
      Object.fromEntries([...block.matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!])),
    ]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

const surfaces = ['--color-bg', '--color-surface', '--color-surface-raised', '--color-surface-hover'];

describe.each(Object.entries(themes()))('%s theme', (_name, colours) => {
  it.each(['--color-link', '--color-text', '--color-text-muted'])(
    '%s reads at 4.5:1 or more on every surface',
    (fg) => {
      const tooFaint = surfaces
        .map((surface) => ({ surface, ratio: Math.round(contrast(colours[fg]!, colours[surface]!) * 100) / 100 }))
        .filter(({ ratio }) => !(ratio >= 4.5));
      expect(tooFaint).toEqual([]);
    },
  );
});

test('text is never coloured with the accent (a fill colour, 4.47:1 on raised surfaces in dark mode)', () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.name.endsWith('.css') &&
        /(^|[\s;{])color:\s*var\(--color-accent\)/m.test(readFileSync(full, 'utf8'))
      )
        offenders.push(path.relative(src, full));
    }
  };
  walk(src);
  expect(offenders).toEqual([]);
});
