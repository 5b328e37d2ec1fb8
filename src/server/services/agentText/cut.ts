/**
 * Team text cut to a length for GitHub or an agent: the cut ends at a line (or a word), closes a code
 * fence it cut into so what follows is not swallowed as code, says that it cut, and is neutralised
 * after cutting (a cut can split a code span and free a mention it held).
 */
import { agentSafe } from './agentSafe';
import { parseMarkdown, spanOf } from './markdownTree';

export interface CutText {
  text: string;
  cut: boolean;
}

// A fence's opening line: its indentation and its run of backticks or tildes.
const FENCE_OPEN = /^[ \t]{0,3}(`{3,}|~{3,})/;

/** The start of the text, at most `length` long, ending at a line break or a space when one is near. */
function headOf(text: string, length: number) {
  let head = text.slice(0, Math.max(0, length));
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  const line = head.lastIndexOf('\n');
  if (line >= head.length * 0.8) return head.slice(0, line);
  const space = head.lastIndexOf(' ');
  return space >= head.length * 0.8 ? head.slice(0, space) : head;
}

/** A top-level fenced code block the cut left open gets its closing fence. */
export function closeOpenFence(text: string): string {
  const last = parseMarkdown(text).children.at(-1);
  if (last?.type !== 'code') return text;
  const { start, end } = spanOf(last);
  const source = text.slice(start, end);
  const opening = FENCE_OPEN.exec(source);
  if (!opening || end < text.trimEnd().length) return text;
  const fence = opening[1]!;
  const lines = source.split('\n');
  const closing = lines.length > 1 ? lines.at(-1)!.trim() : '';
  const closed = closing.length >= fence.length && closing === fence[0]!.repeat(closing.length);
  return closed ? text : `${text.trimEnd()}\n${fence}`;
}

/**
 * Neutralised team text of at most `limit` characters. A longer text is cut and ends with `note`
 * (Baton's own words, e.g. where to read the rest), set apart in its own paragraph.
 */
export function agentSafeCut(raw: string, limit: number, note: string): CutText {
  // Parsing costs milliseconds per kilobyte: far more than fits is not read at all.
  const whole = agentSafe(raw.length > 2 * limit ? headOf(raw, 2 * limit) : raw);
  if (whole.length <= limit) return { text: whole, cut: false };
  let budget = limit - note.length - 2;
  for (let round = 0; round < 6 && budget > 0; round++) {
    const text = `${agentSafe(closeOpenFence(headOf(whole, budget))).trimEnd()}\n\n${note}`;
    if (text.length <= limit) return { text, cut: true };
    budget -= text.length - limit + 16;
  }
  return { text: note.slice(0, limit), cut: true };
}
