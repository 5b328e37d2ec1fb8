import { isScope, isSpan, type Timeframe } from '../../../shared/timeframes';
import { isItemKind } from '../items/itemModel';
import type { BoardFilters } from './boardSlice';

/** A timeframe filter as a select's value and in a link: any, none (unscheduled), or span:index. */
export function timeframeValue(timeframe: Timeframe | null | undefined): string {
  if (timeframe === undefined) return 'any';
  if (timeframe === null) return 'none';
  return `${timeframe.span}:${timeframe.index}`;
}

export function parseTimeframe(value: string): Timeframe | null | undefined {
  if (value === 'any') return undefined;
  if (value === 'none') return null;
  const [span, index] = value.split(':').map(Number);
  return isSpan(span) && Number.isInteger(index) ? { span, index: index! } : undefined;
}

const integer = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

const BOARD_KEYS = ['q', 'kind', 'scope', 'when', 'handoff'];

/**
 * The board's filters and search as a link's query: ?q=…&kind=…&scope=…&when=…&handoff=… (only what
 * is set), keeping any other parameter of `current` (an invite link's, say) as it is.
 */
export function boardQuery(filters: BoardFilters, searchText: string, current = ''): string {
  const params = new URLSearchParams(current);
  for (const key of BOARD_KEYS) params.delete(key);
  if (searchText) params.set('q', searchText);
  if (filters.kind !== null) params.set('kind', String(filters.kind));
  if (filters.scope !== null) params.set('scope', String(filters.scope));
  if (filters.timeframe !== undefined) params.set('when', timeframeValue(filters.timeframe));
  if (filters.handoff !== null) params.set('handoff', String(filters.handoff));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The filters and search a link names; what it does not name (or names wrongly) is unfiltered. */
export function parseBoardQuery(search: string): { filters: BoardFilters; searchText: string } {
  const params = new URLSearchParams(search);
  const kind = integer(params.get('kind'));
  const scope = integer(params.get('scope'));
  const when = params.get('when');
  return {
    searchText: params.get('q') ?? '',
    filters: {
      kind: isItemKind(kind) ? kind : null,
      scope: isScope(scope) ? scope : null,
      timeframe: when === null ? undefined : parseTimeframe(when),
      handoff: integer(params.get('handoff')),
    },
  };
}
