/**
 * Splitting an item's text into parts without losing any of it: each part is one deliverable (a
 * heading's section, a bullet, a paragraph, a group of sentences), tables and code fences stay whole
 * with the part they follow, and the intro goes with every part. Guidance is followed where it can
 * be: "into three" (a number of parts), "by platform", "by section|bullet|paragraph|sentence".
 */
import { BULLET, HEADING, LINE_BREAK } from './drafterText';
import { unitsOf } from './drafterClauses';

interface Block {
  kind: 'heading' | 'bullet' | 'text' | 'verbatim';
  lines: string[];
}

/** From coarsest to finest: a group is a sentence of work and the sentences of detail after it. */
type Level = 'section' | 'bullet' | 'paragraph' | 'group' | 'sentence';
const LEVELS: Level[] = ['section', 'bullet', 'paragraph', 'group'];

const FENCE = /^\s*(```|~~~)/;
const TABLE = /^\s*\|/;
const SENTENCE_END = /[.!?]["')\]]*$/;
const indentOf = (spaces: string) => spaces.replace(/\t/g, '    ').length;

/** The text as blocks: headings, top-level bullets with their deeper lines, paragraphs, fences and tables. */
function blocksOf(text: string): Block[] {
  const lines = text.split(LINE_BREAK);
  const indents = lines.flatMap((line) => {
    const bullet = BULLET.exec(line);
    return bullet ? [indentOf(bullet[1]!)] : [];
  });
  const top = indents.length > 0 ? Math.min(...indents) : 0;
  const blocks: Block[] = [];
  let open: Block | null = null; // the block further lines may join
  let fence: Block | null = null;
  for (const line of lines) {
    if (fence) {
      fence.lines.push(line);
      if (FENCE.test(line)) fence = null;
      continue;
    }
    if (FENCE.test(line)) {
      fence = { kind: 'verbatim', lines: [line] };
      blocks.push(fence);
      open = null;
      continue;
    }
    if (line.trim() === '') {
      if (open?.kind !== 'bullet') open = null;
      continue;
    }
    const bullet = BULLET.exec(line);
    if (HEADING.test(line)) {
      blocks.push({ kind: 'heading', lines: [line] });
      open = null;
    } else if (bullet && indentOf(bullet[1]!) <= top) {
      open = { kind: 'bullet', lines: [line] };
      blocks.push(open);
    } else if (open?.kind === 'bullet' && (bullet || /^\s/.test(line))) {
      open.lines.push(line);
    } else if (TABLE.test(line)) {
      if (open?.kind !== 'verbatim') {
        open = { kind: 'verbatim', lines: [] };
        blocks.push(open);
      }
      open.lines.push(line);
    } else {
      if (open?.kind !== 'text') {
        open = { kind: 'text', lines: [] };
        blocks.push(open);
      }
      open.lines.push(line);
    }
  }
  return blocks;
}

/** A piece of the text: what it says, as lines, in the order written. */
type Piece = string[];

/** The pieces at one level, and the intro before the first; null when that level does not apply. */
function piecesAt(blocks: Block[], level: Level): { intro: Block[]; pieces: Piece[] } | null {
  const starts = (block: Block) =>
    level === 'section'
      ? block.kind === 'heading'
      : level === 'bullet'
        ? block.kind === 'bullet'
        : block.kind === 'text';
  const prose = level === 'group' || level === 'sentence';
  if (prose && blocks.some((block) => block.kind === 'heading' || block.kind === 'bullet')) return null;
  let first = blocks.findIndex(starts);
  if (first < 0) return null;
  // A short first line with no sentence end is the item's title: it is intro, not a part.
  if (level !== 'section' && first === 0 && blocks[0]!.kind === 'text') {
    const [title, ...rest] = blocks[0]!.lines;
    if (!SENTENCE_END.test(title!.trim()) && title!.length <= 120) {
      const head = { kind: 'text' as const, lines: [title!] };
      blocks = rest.length > 0 ? [head, { kind: 'text', lines: rest }, ...blocks.slice(1)] : [head, ...blocks.slice(1)];
      first = blocks.findIndex((block, n) => n > 0 && starts(block));
      if (first < 0) return null;
    }
  }
  const intro = blocks.slice(0, first);
  const pieces: Piece[] = [];
  for (const block of blocks.slice(first)) {
    if (prose && block.kind === 'text') {
      pieces.push(...sentenceGroups(block.lines.join(' '), level === 'sentence'));
    } else if (starts(block) || pieces.length === 0) pieces.push([...block.lines]);
    else pieces[pieces.length - 1]!.push(...(block.kind === 'verbatim' ? ['', ...block.lines] : block.lines));
  }
  return { intro, pieces };
}

/** Sentences, or groups of them each starting with a piece of work and followed by its detail. */
function sentenceGroups(paragraph: string, each: boolean): Piece[] {
  const groups: Piece[] = [];
  for (const unit of unitsOf(paragraph)) {
    if (each || unit.type === 'tasks' || groups.length === 0) groups.push([unit.source]);
    else groups[groups.length - 1]![0] += ` ${unit.source}`;
  }
  return groups;
}

const NUMBERS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  half: 2,
  halves: 2,
};
const PLATFORMS =
  /\b(web|browser|ios|iphone|ipad|android|mac(?:os)?|windows|linux|desktop|mobile|api|backend|frontend|cli)\b/i;

interface Guidance {
  count?: number;
  level?: Level;
  byPlatform?: boolean;
}

function readGuidance(text: string | undefined): Guidance {
  if (!text) return {};
  const guidance: Guidance = {};
  const count =
    /\b(?:into|in|to)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|half|halves)\b/i.exec(text) ??
    /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:parts|pieces|items)\b/i.exec(text);
  if (count) guidance.count = Number(count[1]) || NUMBERS[count[1]!.toLowerCase()];
  const by = /\bby\s+(\w+)/i.exec(text)?.[1]!.toLowerCase();
  if (by && /^(?:platforms?|devices?|os)$/.test(by)) guidance.byPlatform = true;
  if (by && /^(?:sections?|headings?)$/.test(by)) guidance.level = 'section';
  if (by && /^(?:bullets?|points?|lines?|items?)$/.test(by)) guidance.level = 'bullet';
  if (by && /^paragraphs?$/.test(by)) guidance.level = 'paragraph';
  if (by && /^sentences?$/.test(by)) guidance.level = 'sentence';
  return guidance;
}

/** Consecutive pieces merged into `count` groups of near-equal size. */
function mergeInto(pieces: Piece[], count: number): Piece[] {
  const groups: Piece[] = [];
  let from = 0;
  for (let n = 0; n < count; n += 1) {
    const size = Math.round((pieces.length - from) / (count - n));
    groups.push(pieces.slice(from, from + size).flatMap((piece, k) => (k === 0 ? piece : ['', ...piece])));
    from += size;
  }
  return groups;
}

/** Pieces grouped by the platform each names first; pieces naming none go with the first group. */
function byPlatform(pieces: Piece[]): Piece[] | null {
  const groups = new Map<string, Piece>();
  const shared: Piece = [];
  for (const piece of pieces) {
    const platform = PLATFORMS.exec(piece.join(' '))?.[1]!.toLowerCase();
    if (!platform) {
      shared.push(...(shared.length > 0 ? [''] : []), ...piece);
      continue;
    }
    const group = groups.get(platform);
    if (group) group.push('', ...piece);
    else groups.set(platform, [...piece]);
  }
  if (groups.size < 2) return null;
  const parts = [...groups.values()];
  if (shared.length > 0) parts[0]!.push('', ...shared);
  return parts;
}

/** A piece as a part's markdown: its first line (list marker or heading marks dropped) is the title. */
function asPart(piece: Piece, intro: string): string {
  const [first = '', ...rest] = piece;
  const bullet = BULLET.exec(first);
  const heading = HEADING.exec(first);
  const title = (heading ? heading[1]! : bullet ? bullet[2]! : first).trim();
  const indent = bullet ? indentOf(bullet[1]!) + 2 : 0;
  const body = rest.map((line) => line.replace(new RegExp(`^\\s{0,${indent}}`), '')).join('\n');
  const text = [title, body].filter((part) => part.trim() !== '').join('\n');
  return intro ? `${text}\n\n${intro}` : text;
}

/** The intro as every part carries it: its title line as "Part of: …", the rest as written. */
function introText(intro: Block[]): string {
  const lines = intro.flatMap((block) => [...block.lines, '']).slice(0, -1);
  if (lines.length === 0) return '';
  const [first = '', ...rest] = lines;
  const heading = HEADING.exec(first);
  const title = heading ? heading[1]! : first.trim();
  return [`Part of: ${title}`, ...rest].join('\n').trim();
}

/** The parts of `text` (each a markdown description), or fewer than two when it cannot be split. */
export function splitParts(text: string, guidanceText: string | undefined, max: number): string[] {
  const blocks = blocksOf(text);
  const guidance = readGuidance(guidanceText);
  const levels = guidance.level ? [guidance.level, ...LEVELS] : LEVELS;
  const wanted = guidance.count ?? 2;
  let chosen: { intro: Block[]; pieces: Piece[] } | null = null;
  for (const level of levels) {
    const found = piecesAt(blocks, level);
    if (!found || found.pieces.length < 2) continue;
    chosen ??= found; // the coarsest that splits at all, when none reaches the count asked for
    if (found.pieces.length >= wanted || level === guidance.level) {
      chosen = found;
      break;
    }
  }
  if (!chosen) return [];
  const said = (line: string) => line.replace(BULLET, '$2').replace(HEADING, '$1').trim() !== '';
  let pieces = chosen.pieces.filter((piece) => piece.some(said));
  if (guidance.byPlatform) pieces = byPlatform(pieces) ?? pieces;
  const most = Math.min(guidance.count ?? max, max);
  if (pieces.length > most) pieces = mergeInto(pieces, most);
  const intro = introText(chosen.intro);
  return pieces.map((piece) => asPart(piece, intro));
}
