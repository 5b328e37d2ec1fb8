/** The palette's search across the team's projects, and where an item's link leads. */
import type { Db } from '../db/types';
import { searchTsQuery } from '../repositories/itemFilters';
import {
  findTeamItemByKey,
  otherTeamWithItemKey,
  searchTeamItems,
  teamItemNumbering,
} from '../repositories/teamItemSearch';
import { TEAM_SEARCH_LIMIT, type ItemHit, type ItemLocation } from '../../shared/contract/itemLookup';

/** The team's items whose key, title or description match, best first, in any of its projects. */
export function searchAcrossProjects(db: Db, input: { teamId: string; text: string }): Promise<ItemHit[]> {
  const search = { tsquery: searchTsQuery(input.text), raw: input.text };
  return searchTeamItems(db, input.teamId, search, TEAM_SEARCH_LIMIT);
}

/** The number of a key of this team's prefix (BAT-12 → 12), or null for any other key. */
function numberInTeam(key: string, teamKey: string): number | null {
  const match = /^(.+)-(\d{1,9})$/.exec(key.trim());
  if (!match || match[1]!.toUpperCase() !== teamKey.toUpperCase()) return null;
  return Number(match[2]);
}

/**
 * Where a link's key leads. An item of another team is named only when the user belongs to that team too;
 * otherwise it is unknown here, as any id of another team is.
 */
export async function locateItemByKey(
  db: Db,
  input: { userId: string; teamId: string; key: string },
): Promise<ItemLocation> {
  const item = await findTeamItemByKey(db, input.teamId, input.key);
  if (item) return { found: 'item', item };
  const numbering = await teamItemNumbering(db, input.teamId);
  const number = numbering ? numberInTeam(input.key, numbering.teamKey) : null;
  // Numbers are handed out once and never reused: one the team gave out and no item holds was deleted.
  if (numbering && number !== null && number >= 1 && number <= numbering.last) return { found: 'deleted' };
  const other = await otherTeamWithItemKey(db, input);
  if (other) return { found: 'otherTeam', ...other };
  return { found: 'unknown' };
}
