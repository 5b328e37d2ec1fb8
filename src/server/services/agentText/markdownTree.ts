/**
 * Markdown as GitHub reads it (CommonMark + GFM, micromark's parser), with every node's place in
 * the source, so the neutraliser can edit the source outside code without re-writing the rest.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';

export type MarkdownRoot = ReturnType<typeof fromMarkdown>;
export type MarkdownNode = MarkdownRoot | MarkdownRoot['children'][number] | InlineNode;
type InlineNode = Extract<MarkdownRoot['children'][number], { type: 'paragraph' }>['children'][number];

/** A half-open range of source offsets (UTF-16 code units, as JavaScript strings count). */
export interface Span {
  start: number;
  end: number;
}

export const parseMarkdown = (text: string): MarkdownRoot =>
  fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

export const spanOf = (node: { position?: { start: { offset?: number }; end: { offset?: number } } }): Span => ({
  start: node.position?.start.offset ?? 0,
  end: node.position?.end.offset ?? 0,
});

/** Every node with its ancestors, depth first, in source order. */
export function* walk(
  node: MarkdownNode,
  ancestors: readonly MarkdownNode[] = [],
): Generator<{ node: MarkdownNode; ancestors: readonly MarkdownNode[] }> {
  yield { node, ancestors };
  if ('children' in node) {
    const inner = [...ancestors, node];
    for (const child of node.children as MarkdownNode[]) yield* walk(child, inner);
  }
}

/** Fenced and indented code blocks and code spans: what GitHub shows as written. */
export const isCode = (node: MarkdownNode) => node.type === 'code' || node.type === 'inlineCode';

/** A link GFM made from a bare URL or `<…>`: its text is the address, which no mention rule reads. */
export const isAutolink = (node: MarkdownNode, source: string) =>
  node.type === 'link' && source[spanOf(node).start] !== '[';

/** The text nodes GitHub and agents read as prose: not in code, not an autolink's address. */
export function proseTextSpans(tree: MarkdownRoot, source: string): Span[] {
  const spans: Span[] = [];
  for (const { node, ancestors } of walk(tree)) {
    if (node.type !== 'text') continue;
    if (ancestors.some((ancestor) => isAutolink(ancestor, source))) continue;
    spans.push(spanOf(node));
  }
  return spans;
}

/** The source outside code, as spans in order. */
export function outsideCodeSpans(tree: MarkdownRoot, length: number): Span[] {
  const code: Span[] = [];
  for (const { node } of walk(tree)) if (isCode(node)) code.push(spanOf(node));
  const spans: Span[] = [];
  let at = 0;
  for (const range of code) {
    if (range.start > at) spans.push({ start: at, end: range.start });
    at = Math.max(at, range.end);
  }
  if (at < length) spans.push({ start: at, end: length });
  return spans;
}

/** Replaces each span (non-overlapping) with what `replace` makes of its text. */
export function rewriteSpans(source: string, spans: readonly Span[], replace: (text: string, span: Span) => string) {
  let out = '';
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at) continue;
    out += source.slice(at, span.start) + replace(source.slice(span.start, span.end), span);
    at = span.end;
  }
  return out + source.slice(at);
}
