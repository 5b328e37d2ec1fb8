/** Reading a user's markdown the way the drafter needs it: pieces from lines and bullets, kinds from headings. */
import { ItemType } from '../../shared/enums';

export interface Piece {
  text: string;
  /** Set by a kind heading (`## Demos`) above the piece or a prefix (`Demo: …`) on it. */
  itemType?: ItemType;
}

export const LINE_BREAK = /\r\n|\r|\n/;
export const BULLET = /^(\s*)(?:[-*+•]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/;
export const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const KIND_WORDS: [RegExp, ItemType][] = [
  [/^demos?$/i, ItemType.Demo],
  [/^(?:implementations?|impl)$/i, ItemType.Implementation],
  [/^(?:go[- ]to[- ]market(?: items?)?|gtm)$/i, ItemType.GoToMarket],
];
const KIND_PREFIX = /^(demo|implementation|impl|go[- ]to[- ]market|gtm)\s*[:–—-]\s+(.+)$/i;

/** The kind a heading or label names ("Demos", "Go-to-market:"), or undefined. */
export function kindNamedBy(label: string): ItemType | undefined {
  const word = label.trim().replace(/:$/, '').trim();
  return KIND_WORDS.find(([pattern]) => pattern.test(word))?.[1];
}

export function withPrefixKind(text: string, inherited: ItemType | undefined): Piece {
  const prefixed = KIND_PREFIX.exec(text);
  if (prefixed) return { text: prefixed[2]!.trim(), itemType: kindNamedBy(prefixed[1]!) };
  return inherited === undefined ? { text } : { text, itemType: inherited };
}

/**
 * Splits markdown into pieces. When it has bullets, each top-level bullet is a piece (deeper lines
 * continue it) and the lines before the first bullet are the preamble; without bullets each non-empty
 * line is a piece. Headings and labels naming a kind ("## Demos", "Go-to-market:") set the kind of
 * the pieces under them and are not pieces themselves.
 */
export function splitIntoPieces(markdown: string): { pieces: Piece[]; preamble: string } {
  const lines = markdown.split(LINE_BREAK);
  const bulletIndents = lines.flatMap((line) => {
    const match = BULLET.exec(line);
    return match ? [match[1]!.replace(/\t/g, '    ').length] : [];
  });
  if (bulletIndents.length === 0) return { pieces: lineByLine(lines), preamble: '' };

  const topIndent = Math.min(...bulletIndents);
  const pieces: Piece[] = [];
  const preamble: string[] = [];
  let kind: ItemType | undefined;
  let current: Piece | null = null;
  for (const line of lines) {
    const heading = HEADING.exec(line);
    const label = heading ? heading[1]! : line.trim().endsWith(':') ? line.trim() : '';
    const named = label ? kindNamedBy(label) : undefined;
    if (named !== undefined) {
      kind = named;
      current = null;
      continue;
    }
    const bullet = BULLET.exec(line);
    const indent = bullet ? bullet[1]!.replace(/\t/g, '    ').length : 0;
    if (bullet && indent <= topIndent) {
      current = withPrefixKind(bullet[2]!.trim(), kind);
      pieces.push(current);
    } else if (current && line.trim() !== '' && (bullet || /^\s/.test(line))) {
      current.text += `\n${line.replace(/^\s{1,4}/, '').replace(/^(\s*)[*+•]\s/, '$1- ')}`;
    } else if (line.trim() !== '') {
      current = null;
      if (pieces.length === 0) preamble.push(line.trim());
      else pieces.push(withPrefixKind(line.trim().replace(/^#+\s*/, ''), kind));
    }
  }
  return { pieces: pieces.filter((piece) => piece.text !== ''), preamble: preamble.join('\n') };
}

function lineByLine(lines: string[]): Piece[] {
  const pieces: Piece[] = [];
  let kind: ItemType | undefined;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const heading = HEADING.exec(line);
    const named = kindNamedBy(heading ? heading[1]! : trimmed.endsWith(':') ? trimmed : '');
    if (named !== undefined) {
      kind = named;
      continue;
    }
    const piece = withPrefixKind(heading ? heading[1]! : trimmed, kind);
    if (piece.text !== '') pieces.push(piece);
  }
  return pieces;
}

/** Non-empty lines of an answer, bullets unwrapped: each is one point the user made. */
export function points(text: string): string[] {
  return text
    .split(LINE_BREAK)
    .map((line) => {
      const bullet = BULLET.exec(line);
      return (bullet ? bullet[2]! : line).trim().replace(/^#+\s*/, '');
    })
    .filter(Boolean);
}

/** The first paragraph of some markdown, for a summary. */
export function firstParagraph(text: string): string {
  return (
    text
      .trim()
      .split(/(?:\r?\n){2,}/)[0]
      ?.trim() ?? ''
  );
}

/**
 * At most `max` UTF-16 code units (what the schemas' maxLength counts), ending in an ellipsis when
 * cut, never splitting a surrogate pair.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}
