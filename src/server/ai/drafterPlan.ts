/**
 * A plan's milestones from the work on the board and the work the user named (drafterPlanText reads it): one milestone per demo,
 * carrying the implementation work it needs, then the rest of the work, then the go-to-market work.
 * A demo on the board needs the implementations it names and those in its project milestone; a demo
 * in the text needs the work written before it (or after the last demo when that demo has none). Work
 * the text names that is already on the board is listed once, by its key, never as new. A date goes
 * with its demo: its project milestone's target date, or one said with it ("next week", "March 3").
 */
import { ItemType } from '../../shared/enums';
import type { DraftedItem } from './drafterItems';
import type { OutlineItem } from './port';

export interface DraftedMilestone {
  title: string;
  description: string;
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
/** A month's name alone ("in May", "by June"), never the start of another word ("in marketing"). */
const MONTH_NAME =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)';
export const WHEN = new RegExp(
  `\\b(?:(?:(?:by|on|before|until|at)\\s+)?(?:${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}|\\d{4}-\\d{2}-\\d{2}|next (?:week|month|sprint|quarter)|(?:the )?end of (?:the )?(?:week|month|sprint|quarter)|(?:this|next) (?:monday|tuesday|wednesday|thursday|friday)|on (?:monday|tuesday|wednesday|thursday|friday)|q[1-4](?: \\d{4})?)|(?:in|by|before|until)\\s+${MONTH_NAME}(?:\\s+\\d{4})?)\\b`,
  'i',
);
/** How many pieces of work a milestone lists before it says how many more there are. */
const LISTED = 15;

/** A piece of work in the plan: on the board (with its key) or named in the text. */
interface Work {
  title: string;
  kind: ItemType;
  key?: string;
  /** The board item's id, or the text's position for work the board does not have. */
  id: string;
  completed?: boolean;
  when?: string;
  needs?: string[];
}

const normal = (title: string) => (title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

const line = (work: Work) => `- ${work.key ? `${work.key} ` : ''}${work.title}${work.completed ? ' (done)' : ''}`;

function listOf(works: Work[]): string {
  const shown = works.slice(0, LISTED).map(line);
  if (works.length > LISTED) shown.push(`- …and ${works.length - LISTED} more on the board`);
  return shown.join('\n');
}

function milestoneOf(demo: Work, needs: Work[]): DraftedMilestone {
  const parts = [];
  if (needs.length > 0) parts.push(`Needs:\n${listOf(needs)}`);
  if (demo.when) parts.push(`When: ${demo.when}`);
  return { title: demo.key ? `${demo.key} ${demo.title}` : demo.title, description: parts.join('\n\n') };
}

/** The board's items as work; a demo names what it needs and takes its milestone's date. */
function boardWork(outline: readonly OutlineItem[]): Work[] {
  return outline.map((item) => ({
    title: item.title,
    kind: item.itemType as ItemType,
    key: item.key,
    id: item.id,
    completed: item.completed,
    when: item.milestone?.targetDate ?? WHEN.exec(item.title)?.[0],
    needs:
      item.itemType === ItemType.Demo
        ? [
            ...item.implementationIds,
            ...outline
              .filter(
                (other) =>
                  other.itemType === ItemType.Implementation &&
                  item.milestone !== null &&
                  other.milestone?.name === item.milestone.name,
              )
              .map((other) => other.id),
          ]
        : [],
  }));
}

/** A piece of work the description or the answers name, with its kind. */
export interface NamedWork {
  item: DraftedItem;
  kind: ItemType;
}

/**
 * Milestones grouped by the demos (and the go-to-market work) on the board and in the named work: one
 * per open demo with the work it needs, then the rest of the work, then the go-to-market work; none
 * when nothing is open on the board and nothing is named.
 */
export function milestonesByDemo(
  named: readonly NamedWork[],
  outline: readonly OutlineItem[] = [],
): DraftedMilestone[] {
  const board = boardWork(outline);
  const byTitle = new Map(board.map((work) => [normal(work.title), work]));
  const byId = new Map(board.map((work) => [work.id, work]));

  // The text's work in its order; work already on the board stands for itself.
  const texts = named.map(({ item, kind }, n): Work => {
    const onBoard = byTitle.get(normal(item.title));
    if (onBoard) return onBoard;
    const when = WHEN.exec([item.title, ...item.notes].join(' '))?.[0];
    return { title: item.title, kind, id: `text:${n}`, when };
  });
  const all = [...board, ...texts.filter((work) => !work.key)];

  const groups = new Map<string, { demo: Work; needs: Work[] }>();
  const claimed = new Set<string>();
  const claim = (demo: Work, work: Work) => {
    if (claimed.has(work.id) || work.kind !== ItemType.Implementation) return;
    claimed.add(work.id);
    groups.get(demo.id)!.needs.push(work);
  };
  for (const demo of board.filter((work) => work.kind === ItemType.Demo && !work.completed)) {
    groups.set(demo.id, { demo, needs: [] });
    for (const id of demo.needs ?? []) {
      const work = byId.get(id);
      if (work) claim(demo, work);
    }
  }
  // The text: its implementation work goes to the next demo it names, the last demo's to that demo.
  let waiting: Work[] = [];
  let lastDemo: Work | null = null;
  for (const work of texts) {
    if (work.kind === ItemType.Demo && !work.completed) {
      if (!groups.has(work.id)) groups.set(work.id, { demo: work, needs: [] });
      for (const need of waiting) claim(work, need);
      waiting = [];
      lastDemo = work;
    } else if (work.kind === ItemType.Implementation && !claimed.has(work.id)) waiting.push(work);
  }
  if (lastDemo && groups.get(lastDemo.id)!.needs.length === 0) for (const need of waiting) claim(lastDemo, need);

  const milestones = [...groups.values()].map(({ demo, needs }) => milestoneOf(demo, needs));
  const rest = all.filter((work) => work.kind === ItemType.Implementation && !claimed.has(work.id) && !work.completed);
  if (rest.length > 0)
    milestones.push({ title: groups.size > 0 ? 'Build the rest' : 'Build', description: listOf(rest) });
  const launch = all.filter((work) => work.kind === ItemType.GoToMarket && !work.completed);
  if (launch.length > 0) milestones.push({ title: 'Go to market', description: listOf(launch) });
  return milestones;
}

const KIND_NAMES: Record<number, [string, string]> = {
  [ItemType.Demo]: ['demo', 'demos'],
  [ItemType.Implementation]: ['implementation', 'implementations'],
  [ItemType.GoToMarket]: ['go-to-market item', 'go-to-market items'],
};

/** "3 demos, 12 implementations and 2 go-to-market items; 4 done." — or '' for an empty board. */
export function boardSummary(outline: readonly OutlineItem[]): string {
  const counts = Object.entries(KIND_NAMES).flatMap(([kind, [one, many]]) => {
    const count = outline.filter((item) => item.itemType === Number(kind)).length;
    return count > 0 ? [`${count} ${count === 1 ? one : many}`] : [];
  });
  if (counts.length === 0) return '';
  const listed = counts.length > 1 ? `${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}` : counts[0]!;
  const done = outline.filter((item) => item.completed).length;
  return `${listed}${done > 0 ? `; ${done} done` : ''}. The milestones group them by demo.`;
}
