/**
 * What of an item's description the board carries: its first line, leading whitespace dropped, cut
 * to BOARD_DESCRIPTION_LENGTH characters. That is all displayTitle reads — it turns at most
 * 16 × 256 characters of the first line from markdown into text and keeps 256 — so a card's title is
 * the same from this as from the whole description, and a board answer stays small whatever is stored.
 * The server cuts in SQL (repositories/itemsJson.ts); the client cuts the same way after an edit.
 */
import { TITLE_MAX_LENGTH } from './displayTitle';

/** displayTitle's markdown input (16 × 256) plus room for a heading's hashes or a list number. */
export const BOARD_DESCRIPTION_LENGTH = 17 * TITLE_MAX_LENGTH;

/** JavaScript's whitespace and line terminators: what String.prototype.trimStart removes. */
export const LEADING_WHITESPACE =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** The board's copy of a description (the SQL in itemsJson.ts does the same). */
export function boardDescription(description: string): string {
  const firstLine = description.trimStart().split(/\r|\n/, 1)[0] ?? '';
  if (firstLine.length <= BOARD_DESCRIPTION_LENGTH) return firstLine;
  return Array.from(firstLine.slice(0, 2 * BOARD_DESCRIPTION_LENGTH))
    .slice(0, BOARD_DESCRIPTION_LENGTH)
    .join('');
}
