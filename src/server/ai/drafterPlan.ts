/**
 * A plan's milestones from the work the user named: one milestone per demo, carrying the
 * implementation work it needs (the work written before it, or after the last demo when that demo
 * has none), then the go-to-market work; a date said with a demo ("next week", "March 3") goes with it.
 */
import { ItemType } from '../../shared/enums';
import { itemsFrom, kindOf, type DraftedItem } from './drafterItems';

export interface DraftedMilestone {
  title: string;
  description: string;
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const WHEN = new RegExp(
  `\\b(?:(?:by|on|before|until|at)\\s+)?(?:${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}|\\d{4}-\\d{2}-\\d{2}|next (?:week|month|sprint|quarter)|(?:the )?end of (?:the )?(?:week|month|sprint|quarter)|(?:this|next) (?:monday|tuesday|wednesday|thursday|friday)|on (?:monday|tuesday|wednesday|thursday|friday)|q[1-4](?: \\d{4})?)\\b`,
  'i',
);

const listOf = (items: DraftedItem[]) => items.map((item) => `- ${item.title}`).join('\n');

function demoMilestone(demo: DraftedItem, needs: DraftedItem[]): DraftedMilestone {
  const when = WHEN.exec([demo.title, ...demo.notes].join(' '))?.[0];
  const parts = [];
  if (needs.length > 0) parts.push(`Needs:\n${listOf(needs)}`);
  if (when) parts.push(`When: ${when}`);
  return { title: demo.title, description: parts.join('\n\n') };
}

/** Milestones grouped by the demos (and the go-to-market work) the text names, or null when it names neither. */
export function milestonesByDemo(text: string): DraftedMilestone[] | null {
  const items = itemsFrom(text).items.map((item) => ({ item, kind: kindOf(item, ItemType.Implementation) }));
  const demos = items.filter(({ kind }) => kind === ItemType.Demo);
  const launch = items.filter(({ kind }) => kind === ItemType.GoToMarket).map(({ item }) => item);
  if (demos.length === 0 && launch.length === 0) return null;

  const groups: { demo: DraftedItem; needs: DraftedItem[] }[] = [];
  let waiting: DraftedItem[] = [];
  for (const { item, kind } of items) {
    if (kind === ItemType.Demo) {
      groups.push({ demo: item, needs: waiting });
      waiting = [];
    } else if (kind === ItemType.Implementation) waiting.push(item);
  }
  const last = groups.at(-1);
  if (last && last.needs.length === 0) {
    last.needs = waiting;
    waiting = [];
  }
  const milestones = groups.map(({ demo, needs }) => demoMilestone(demo, needs));
  if (waiting.length > 0) milestones.push({ title: 'Build the rest', description: listOf(waiting) });
  if (launch.length > 0) milestones.push({ title: 'Go to market', description: listOf(launch) });
  return milestones;
}
