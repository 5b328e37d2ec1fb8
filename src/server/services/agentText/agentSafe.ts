/**
 * The one neutraliser for team text on its way to GitHub or an agent (agents.md §3–§4; issue 29): the
 * issue's title and body, the comments Baton posts as the user, and what the MCP tools answer. Each
 * step works on the markdown source outside code (found by parsing, as GitHub does) and re-parses
 * before the next, in an order no later step can undo: nothing a step removes can be made again by
 * what comes after it. Code spans and fenced or indented code keep every visible character.
 */
import { foldLookalikes, needsFolding, stripInvisible } from './invisible';
import {
  isAutolink,
  outsideCodeSpans,
  parseMarkdown,
  proseTextSpans,
  rewriteSpans,
  spanOf,
  walk,
  type MarkdownNode,
  type MarkdownRoot,
  type Span,
} from './markdownTree';

/** How many times a removal re-reads its own output (a removal can join what it cut around). */
const ROUNDS = 8;

// An HTML comment, or an unclosed one to the end of its HTML node.
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// A fence's first line: the fence, then the info string's first word (the language), then the rest.
const FENCE_INFO = /^([ \t]{0,3}(?:`{3,}|~{3,})[ \t]*)(\S*)[^\n]*/;
// A language name as highlighters know them (js, c++, objective-c, c#, shell-session).
const LANGUAGE = /^(?:[\w+#.-]{1,40})?$/;
// A `<` that could open a tag, a comment, a declaration or a processing instruction.
const TAG_OPEN = /<(?=[A-Za-z/!?])/g;
// Backslash escapes (kept as they are), and character references that spell a letter, a digit or `@`.
const SPELLED = /\\[!-/:-@[-`{-~]|&#(\d{1,7});|&#[xX]([0-9A-Fa-f]{1,6});|&commat;/g;
// In prose: an escape (kept), a lone backtick, or @someone / @org/team where GitHub would notify.
const PROSE_TOKEN = /\\[!-/:-@[-`{-~]|`|(?<![A-Za-z0-9_])@[A-Za-z0-9][A-Za-z0-9-]*(?:\/[A-Za-z0-9][A-Za-z0-9_-]*)?/g;
/** A mention GitHub links in rendered text: `@` after a non-word character. */
const LIVE_MENTION = /(?<![A-Za-z0-9_])@(?=[A-Za-z0-9])/g;
/** A mention a bot reading the raw body matches (`@claude` after a space or at the start). */
const RAW_MENTION = /(?<!\S)@(?=[A-Za-z0-9])/g;
// What stands before a line's text inside containers: quote markers, list markers, indentation.
const LINE_HEAD = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?$/;

const nodesOf = (tree: MarkdownRoot, keep: (node: MarkdownNode) => boolean): Span[] =>
  [...walk(tree)].filter(({ node }) => keep(node)).map(({ node }) => spanOf(node));

/** Step 2: NFC and ASCII look-alikes folded, outside code. */
function foldOutsideCode(text: string) {
  return rewriteSpans(text, outsideCodeSpans(parseMarkdown(text), text.length), foldLookalikes);
}

/**
 * Step 3: what GitHub renders as nothing — HTML comments, link-reference definitions (`[//]: # (…)`)
 * and a code fence's info string beyond its language word.
 */
function removeHiddenMarkup(text: string) {
  for (let round = 0; round < ROUNDS; round++) {
    const tree = parseMarkdown(text);
    const definitions = nodesOf(tree, (node) => node.type === 'definition');
    const comments = nodesOf(tree, (node) => node.type === 'html' && node.value.includes('<!--'));
    const infos = nodesOf(
      tree,
      (node) => node.type === 'code' && (node.meta !== null || !LANGUAGE.test(node.lang ?? '')),
    );
    if (definitions.length + comments.length + infos.length === 0) return text;
    const codeStarts = new Set(infos.map((span) => span.start));
    const definitionStarts = new Set(definitions.map((span) => span.start));
    text = rewriteSpans(text, [...definitions, ...comments, ...infos], (raw, span) => {
      if (definitionStarts.has(span.start)) return '';
      if (!codeStarts.has(span.start)) return raw.replace(HTML_COMMENT, '');
      const fence = FENCE_INFO.exec(raw);
      return fence ? fence[1]! + (LANGUAGE.test(fence[2]!) ? fence[2]! : '') + raw.slice(fence[0].length) : raw;
    });
  }
  return text;
}

/**
 * Step 4: raw HTML shown as text. Baton's own view does not render it either, and no tag is kept:
 * `hidden`, `<details>`, `style` and the like could hide text from the person reading the issue.
 */
function escapeRawHtml(text: string) {
  for (let round = 0; round < ROUNDS; round++) {
    const html = nodesOf(parseMarkdown(text), (node) => node.type === 'html');
    if (html.length === 0) break;
    text = rewriteSpans(text, html, (raw) => raw.replace(TAG_OPEN, '&lt;'));
  }
  // An unclosed `<!--` is text, but reads as a comment's start; and the last resort if tags remain.
  const tree = parseMarkdown(text);
  const tagsLeft = nodesOf(tree, (node) => node.type === 'html').length > 0;
  return rewriteSpans(text, outsideCodeSpans(tree, text.length), (raw) =>
    tagsLeft ? raw.replace(TAG_OPEN, '&lt;') : raw.replace(/<!--/g, '&lt;!--'),
  );
}

/** Steps 3 and 4 until neither changes anything: HTML shown as text can uncover a fence or a definition. */
function hideNothing(text: string) {
  for (let round = 0; round < ROUNDS; round++) {
    const shown = escapeRawHtml(text);
    if (shown === text) return text;
    text = removeHiddenMarkup(shown);
  }
  return text;
}

/** Step 5: `\@` and `&#64;`-style references written as the characters they show, so step 6 sees them. */
function spellOut(text: string) {
  return rewriteSpans(text, proseTextSpans(parseMarkdown(text), text), (raw) =>
    raw.replace(SPELLED, (match, decimal?: string, hex?: string) => {
      if (match === '\\@' || match === '&commat;') return '@';
      if (match.startsWith('\\')) return match;
      const point = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
      const character = point <= 0x10ffff ? String.fromCodePoint(point) : '';
      return /^[A-Za-z0-9@]$/.test(character) ? character : match;
    }),
  );
}

/**
 * Step 6: mentions in prose become code (lone backticks escaped first, so the code span holds); a code
 * span ends a text node, so `@a@b` shows `@b` at the start of the next, which another round takes. Any
 * mention a code span cannot hold (an image's alt text, a link title) gets a fullwidth ＠.
 */
function neutraliseMentions(text: string) {
  text = codeMentionsOnce(text);
  let live = liveMentions(text);
  for (let round = 0; round < ROUNDS && live.github.length > 0; round++) {
    text = codeMentionsOnce(text);
    live = liveMentions(text);
  }
  const leftover = new Map([...live.github, ...live.raw].map((span) => [span.start, span]));
  return leftover.size === 0 ? text : rewriteSpans(text, [...leftover.values()], () => '\uFF20');
}

function codeMentionsOnce(text: string) {
  return rewriteSpans(text, proseTextSpans(parseMarkdown(text), text), (raw, span) =>
    raw.replace(PROSE_TOKEN, (token: string, at: number) => {
      if (token === '`') return '\\`';
      if (token.startsWith('\\')) return token;
      // A code span right beside another would join it: a space keeps them apart.
      const before = at === 0 && text[span.start - 1] === '`' ? ' ' : '';
      const after = at + token.length === raw.length && text[span.end] === '`' ? ' ' : '';
      return `${before}\`${token}\`${after}`;
    }),
  );
}

/** Where mentions could still act: prose GitHub renders, and the rest outside code a bot reads raw. */
export function liveMentions(text: string): { github: Span[]; raw: Span[] } {
  const tree = parseMarkdown(text);
  const autolinks = nodesOf(tree, (node) => isAutolink(node, text));
  const outside = outsideCodeSpans(tree, text.length);
  const found = (spans: readonly Span[], pattern: RegExp) =>
    spans.flatMap((span) =>
      [...text.slice(span.start, span.end).matchAll(pattern)]
        .map((match) => span.start + match.index)
        .filter((at) => !autolinks.some((link) => at >= link.start && at < link.end))
        .map((at) => ({ start: at, end: at + 1 })),
    );
  return { github: found(proseTextSpans(tree, text), LIVE_MENTION), raw: found(outside, RAW_MENTION) };
}

/** Step 7: a line starting with a slash command (`/assign`, `/approve`) that some bots act on. */
function escapeSlashCommands(text: string) {
  return rewriteSpans(text, proseTextSpans(parseMarkdown(text), text), (raw, span) => {
    const head = text.slice(text.lastIndexOf('\n', span.start - 1) + 1, span.start);
    const first = LINE_HEAD.test(head) ? raw.replace(/^\/(?=[A-Za-z])/, '\\/') : raw;
    return first.replace(/(\n[ \t>]*)\/(?=[A-Za-z])/g, '$1\\/');
  });
}

/** Team markdown as it may reach GitHub or an agent: nothing hidden, nothing that summons, code intact. */
export function agentSafe(text: string): string {
  // Each step parses the text (milliseconds per kilobyte): it runs only where its characters are.
  const steps: [(text: string) => boolean, (text: string) => string][] = [
    [() => true, stripInvisible],
    [needsFolding, foldOutsideCode],
    [(text) => /<!--|\]:|```|~~~/.test(text), removeHiddenMarkup],
    [(text) => text.includes('<'), hideNothing],
    [(text) => /\\@|&#|&commat;/.test(text), spellOut],
    [(text) => text.includes('@'), neutraliseMentions],
    [(text) => /(?:^|\n)[ \t>*+\-\d.)]*\/[A-Za-z]/.test(text), escapeSlashCommands],
  ];
  const pass = (input: string) =>
    steps.reduce((current, [needed, step]) => (needed(current) ? step(current) : current), input);
  // A removal can bring what folding would have changed out of code (a comment that swallowed a code
  // span's opening), so the steps run again until nothing changes.
  let current = text;
  for (let round = 0; round < ROUNDS; round++) {
    const next = pass(current);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** One line of team text (a title, a list entry): line breaks become spaces, then the same neutraliser. */
export const agentSafeLine = (text: string) => agentSafe(text.replace(/[ \t]*[\r\n]+[ \t]*/g, ' ').trim());

/** A value Baton quotes as code (a branch name): a fence longer than any backtick run inside it. */
export function inlineCode(value: string): string {
  const clean = stripInvisible(value).replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}
