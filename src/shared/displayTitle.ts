/** The title a card shows for an item (spec §5), derived from its markdown description. */
import removeMarkdown from 'remove-markdown';

export const TITLE_MAX_LENGTH = 256;
export const DEFAULT_TITLE = 'Untitled Item';
const ELLIPSIS = '…';
/** Markdown is stripped from at most this much of the first line; the title keeps far less anyway. */
const MARKDOWN_INPUT_LIMIT = 16 * TITLE_MAX_LENGTH;

/**
 * The first line, trimmed. A heading (`# …`) loses its leading hashes; any other line is cut at the
 * first '. ' and turned from markdown into plain text. At most 256 characters (code points), ending in
 * an ellipsis when cut; 'Untitled Item' when nothing is left.
 */
export function displayTitle(description: string | null | undefined): string {
  const firstLine =
    (description ?? '')
      .trimStart()
      .split(/\r?\n|\r/, 1)[0]
      ?.trim() ?? '';
  let title: string;
  if (firstLine.startsWith('#')) {
    title = firstLine.replace(/^#+/, '').trim();
  } else {
    // "1. First step" is a list item, not a sentence ending after "1".
    const listLeader = /^\d+\.\s+/.exec(firstLine)?.[0].length ?? 0;
    const sentenceEnd = firstLine.indexOf('. ', listLeader);
    const sentence = sentenceEnd >= 0 ? firstLine.slice(0, sentenceEnd) : firstLine;
    title = plainText(sentence);
  }
  if (title === '') return DEFAULT_TITLE;
  return truncate(title, TITLE_MAX_LENGTH);
}

function plainText(markdown: string): string {
  const input = Array.from(markdown).slice(0, MARKDOWN_INPUT_LIMIT).join('');
  return removeMarkdown(input, { gfm: true, useImgAltText: true }).replace(/\s+/g, ' ').trim();
}

/** Cuts to `max` code points including the ellipsis, never splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  const codePoints = Array.from(text);
  if (codePoints.length <= max) return text;
  return `${codePoints
    .slice(0, max - 1)
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}
