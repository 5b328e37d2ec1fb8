/**
 * Items from what people write: bullets, numbered lists and plain lists are one item each; prose is
 * read sentence by sentence and clause by clause; kind headings, labels and prefixes name the kind,
 * else the words do. Goals ("Goals:", "so that…", metrics) go to the items as goals, never become
 * items, and every sentence the user wrote lands in some item's description.
 */
import type { ItemType } from '../../shared/enums';
import { BULLET, HEADING, LINE_BREAK, kindNamedBy, withPrefixKind } from './drafterText';
import { cleanTitle, unitsOf } from './drafterClauses';
import { kindFromWords } from './drafterKinds';
import { OPEN_QUESTIONS } from './questionCatalogue';

export interface DraftedItem {
  title: string;
  /** Named by a heading, label or prefix: it wins over what the words say. */
  namedKind?: ItemType;
  /** Lines continuing the title (a bullet's deeper lines). */
  lines: string[];
  /** Paragraphs: the sentence it came from, notes, intros, tables, code. */
  notes: string[];
  goals: string[];
}

const FENCE = /^\s*(```|~~~)/;
const TABLE = /^\s*\|/;
const GOALS_LABEL = /^goals?$/i;
/** Sections that say about the work rather than name it: kept with the items as notes, never items. */
const NOTE_SECTION = /^(?:open questions|questions|details|notes|context|background)$/i;
const ASKED = new Set(Object.values(OPEN_QUESTIONS).map((question) => `- ${question}`));
const INLINE_GOAL = /^\s*goals?\s*:\s*(\S.*)$/i;
const PURPOSE = /,?\s+(?:so that|in order to)\s+/i;
const SENTENCE_END = /[.!?]["')\]]*$/;

const indentOf = (spaces: string) => spaces.replace(/\t/g, '    ').length;

/** The items of a description and the goals that apply to all of them. */
export function itemsFrom(markdown: string): { items: DraftedItem[]; goals: string[] } {
  const lines = markdown.split(LINE_BREAK);
  const indents = lines.flatMap((line) => {
    const bullet = BULLET.exec(line);
    return bullet ? [indentOf(bullet[1]!)] : [];
  });
  const topIndent = indents.length > 0 ? Math.min(...indents) : 0;

  const items: DraftedItem[] = [];
  const allGoals: string[] = [];
  // Notes waiting for the next item; a title line ("Checkout", a heading) is shown as "Part of: …".
  let pending: { text: string; title?: boolean }[] = [];
  const shown = (note: { text: string; title?: boolean }) => (note.title ? `Part of: ${note.text}` : note.text);
  let kind: ItemType | undefined;
  let kindLevel = 0;
  let goalsMode = false;
  let goalsTaken = false;
  let current: DraftedItem | null = null; // the bullet deeper lines continue
  let paragraph: string[] = [];
  let fence: string[] | null = null;
  let noteSection: string[] | null = null;
  const closeNoteSection = () => {
    if (!noteSection) return;
    // Refine's own open questions are Baton's words, not the user's: they stay out of the items.
    const said = noteSection.filter((line) => !ASKED.has(line.trim()));
    noteSection = null;
    if (said.slice(1).every((line) => line.trim() === '')) return;
    const text = said.join('\n').trim();
    const last = items.at(-1);
    if (last) last.notes.push(text);
    else pending.push({ text });
  };

  const add = (item: DraftedItem) => {
    item.notes.unshift(...pending.map(shown));
    pending = [];
    items.push(item);
    return item;
  };
  /** A note for the item being written, or the next one when none is. */
  const note = (text: string) => {
    if (current) current.notes.push(text);
    else pending.push({ text });
  };
  const fromListLine = (text: string) => {
    const piece = withPrefixKind(text, kind);
    const purpose = PURPOSE.exec(piece.text);
    const head = purpose ? piece.text.slice(0, purpose.index) : piece.text;
    const goal = purpose ? piece.text.slice(purpose.index + purpose[0].length) : '';
    return add({
      title: head,
      namedKind: piece.itemType,
      lines: [],
      notes: [],
      goals: goal ? [cleanTitle(goal)] : [],
    });
  };

  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    const block = paragraph;
    paragraph = [];
    const isList = (block.length >= 2 || kind !== undefined) && !block.some((line) => SENTENCE_END.test(line));
    if (isList) {
      for (const line of block) fromListLine(line);
      return;
    }
    let last: DraftedItem | null = null;
    const leading: string[] = [];
    for (const unit of unitsOf(block.join(' '))) {
      if (unit.type === 'tasks') {
        unit.tasks.forEach(({ title }, n) => {
          const item: DraftedItem = add({ title, namedKind: kind, lines: [], notes: [], goals: [...unit.goals] });
          if (n === 0) {
            if (!unit.covered) item.notes.unshift(unit.source);
            item.notes.unshift(...leading.splice(0));
          }
          last = item;
        });
      } else if (unit.type === 'goal') {
        if (last) (last as DraftedItem).goals.push(unit.text);
        else allGoals.push(unit.text);
      } else if (last) (last as DraftedItem).notes.push(unit.source);
      else leading.push(unit.source);
    }
    // A paragraph with no work in it belongs to the item before it, or else to the next (a title
    // line such as "Checkout" above a list, as "Part of: Checkout").
    if (leading.length > 0) {
      const previous = items.at(-1);
      const titleLine = block.length === 1 && !SENTENCE_END.test(block[0]!) && block[0]!.length <= 120;
      if (previous) previous.notes.push(leading.join(' '));
      else pending.push(titleLine ? { text: block[0]!, title: true } : { text: leading.join(' ') });
    }
    current = last;
  };

  for (const line of lines) {
    if (noteSection) {
      const heading = HEADING.exec(line);
      const name = heading?.[1]?.trim() ?? '';
      if (!heading || (kindNamedBy(name) === undefined && !GOALS_LABEL.test(name))) {
        noteSection.push(line);
        continue;
      }
      closeNoteSection();
    }
    if (fence) {
      fence.push(line);
      if (FENCE.test(line)) {
        note(fence.join('\n'));
        fence = null;
      }
      continue;
    }
    if (FENCE.test(line)) {
      flushParagraph();
      fence = [line];
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '') {
      flushParagraph();
      if (goalsMode && goalsTaken) goalsMode = false;
      continue;
    }
    const heading = HEADING.exec(line);
    const label = !heading && !BULLET.test(line) && trimmed.endsWith(':') && trimmed.length <= 80 ? trimmed : null;
    if (heading || label) {
      flushParagraph();
      current = null;
      const name = heading ? heading[1]! : label!.slice(0, -1);
      const level = heading ? /#+/.exec(line)![0].length : 7;
      const named = kindNamedBy(name);
      if (heading && NOTE_SECTION.test(name.trim())) {
        noteSection = [`**${name.trim()}**`];
        continue;
      }
      goalsMode = GOALS_LABEL.test(name.trim());
      goalsTaken = false;
      if (named !== undefined) {
        kind = named;
        kindLevel = level;
      } else if (!goalsMode) {
        if (level <= kindLevel) kind = undefined;
        if (name.trim() !== '') pending.push(heading ? { text: name.trim(), title: true } : { text: trimmed });
      }
      continue;
    }
    const inlineGoal = INLINE_GOAL.exec(line);
    if (inlineGoal && !BULLET.test(line)) {
      flushParagraph();
      allGoals.push(cleanTitle(inlineGoal[1]!));
      continue;
    }
    const bullet = BULLET.exec(line);
    if (goalsMode) {
      const goal = cleanTitle(bullet ? bullet[2]! : trimmed);
      if (goal) allGoals.push(goal);
      goalsTaken = true;
      continue;
    }
    if (bullet && indentOf(bullet[1]!) <= topIndent) {
      // One title-like line right above a list ("Launch the beta", "Checkout") heads it: no item.
      const only = paragraph.length === 1 ? paragraph[0]! : '';
      if (only && !SENTENCE_END.test(only) && only.length <= 120) {
        paragraph = [];
        pending.push({ text: only, title: true });
      }
      flushParagraph();
      current = bullet[2]!.trim() === '' ? null : fromListLine(bullet[2]!.trim());
      continue;
    }
    if (current && (bullet || /^\s/.test(line)) && paragraph.length === 0) {
      current.lines.push(line.replace(/^\s{1,4}/, '').replace(/^(\s*)[*+•]\s/, '$1- '));
      continue;
    }
    if (TABLE.test(line)) {
      flushParagraph();
      note(trimmed);
      continue;
    }
    current = null;
    paragraph.push(trimmed);
  }
  flushParagraph();
  closeNoteSection();
  if (fence) note(fence.join('\n'));

  // No piece of work named anywhere: the first thing said is the one item ("CSV export", a bug report).
  const listLike = pending.every(({ text }) => !SENTENCE_END.test(text) && !text.includes('\n'));
  if (items.length === 0 && pending.length > 1 && listLike) {
    for (const { text } of pending.splice(0)) fromListLine(text);
  }
  if (items.length === 0 && pending.length > 0) {
    const [{ text: first }, ...rest] = pending as [{ text: string }, ...typeof pending];
    pending = rest;
    const [title = first, ...more] = unitsOf(first).map((unit) => unit.source);
    const item = add({ title: cleanTitle(title), lines: [], notes: [], goals: [] });
    if (more.length > 0) item.notes.unshift(more.join(' '));
  }
  const lastItem = items.at(-1);
  if (lastItem && pending.length > 0) lastItem.notes.push(...pending.map(shown));
  return { items: items.filter((item) => item.title.trim() !== ''), goals: [...new Set(allGoals)] };
}

/** The item's markdown: title, continuation lines, notes, then its goals and the shared ones. */
export function describe(item: DraftedItem, shared: string[]): string {
  const goals = [...new Set([...item.goals, ...shared])];
  const head = [item.title, ...item.lines].join('\n');
  const parts = [head, ...item.notes];
  if (goals.length > 0) parts.push(`Goals:\n${goals.map((goal) => `- ${goal}`).join('\n')}`);
  return parts.join('\n\n');
}

export const kindOf = (item: DraftedItem, fallback: ItemType) =>
  item.namedKind ?? kindFromWords(item.title) ?? fallback;
