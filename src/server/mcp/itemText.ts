/**
 * How the MCP server writes items for agents: short lines for lists (the token cost of a list
 * matters to agents) and one markdown page for a whole item.
 */
import { displayTitle } from '../../shared/displayTitle';
import { timeframeLabel, type MilestoneLike, type Timeframe } from '../../shared/timeframes';
import { Scope } from '../../shared/enums';
import { itemKindName } from '../services/items';
import { agentSafeLine } from '../services/agentText/agentSafe';

/** workflowStatus (design §5) as agents read it. */
export const handoffStatusNames = ['not started', 'sent', 'PR open', 'merged', 'done'] as const;

export const scopeName = (scope: number) => (scope === Scope.InScope ? 'in scope' : 'out of scope');

export function bucketText(
  placement: { scope: number; timeframeSpan: number | null; timeframeIndex: number | null },
  milestones: readonly MilestoneLike[],
) {
  const timeframe: Timeframe | null =
    placement.timeframeSpan === null
      ? null
      : ({ span: placement.timeframeSpan, index: placement.timeframeIndex ?? 0 } as Timeframe);
  return `${timeframeLabel(timeframe, milestones)}, ${scopeName(placement.scope)}`;
}

/** One list line: `AE-12 · implementation · PR open · Week of 30 Nov, in scope · Checkout page`. */
export function summaryLine(
  row: {
    externalId: string;
    itemType: number;
    description: string;
    workflowStatus: number;
    completionDate: Date | null;
    scope: number;
    timeframeSpan: number | null;
    timeframeIndex: number | null;
  },
  milestones: readonly MilestoneLike[],
) {
  const status = row.completionDate ? 'complete' : (handoffStatusNames[row.workflowStatus] ?? 'not started');
  const title = agentSafeLine(displayTitle(row.description)) || 'Untitled';
  return [row.externalId, itemKindName[row.itemType], status, bucketText(row, milestones), title].join(' · ');
}

/** A bulleted markdown list, or "none" (the entries are written already neutralised). */
export const bullets = (values: readonly string[]) =>
  values.length === 0 ? '_none_' : values.map((value) => `- ${value.replace(/\n/g, ' ')}`).join('\n');
