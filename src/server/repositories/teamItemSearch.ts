/** Items of a team wherever they are: by words or key across its projects, and by key. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { items, memberships, projectContexts, projects, teams } from '../db/schema';
import { boardDescription } from './itemsJson';
import type { ItemHit } from '../../shared/contract/itemLookup';

interface HitRow {
  id: string;
  external_id: string;
  item_type: number;
  description: string;
  completion_date: string | null;
  project_ids: string[] | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const hitOf = (row: HitRow): ItemHit => ({
  id: row.id,
  externalId: row.external_id,
  itemType: row.item_type,
  description: row.description,
  completionDate: row.completion_date === null ? null : new Date(row.completion_date).toISOString(),
  projectIds: row.project_ids ?? [],
});

/** The hit's columns for an item: its projects, oldest first. */
const hitColumns = sql`${items.id} as id, ${items.externalId} as external_id, ${items.itemType} as item_type,
  ${boardDescription} as description, ${items.completionDate} as completion_date,
  (select array_agg(pc.project_id order by p.created_at, p.id)
     from ${projectContexts} pc join ${projects} p on p.id = pc.project_id
     where pc.item_id = ${items.id}) as project_ids`;

/**
 * The team's items matching what was typed, best first: an exact key (BAT-12, or just 12) first, then
 * by full-text rank with a title match counting double, then the newest. At most `limit`.
 */
export async function searchTeamItems(
  db: Db,
  teamId: string,
  search: { tsquery: SQL | null; raw: string },
  limit: number,
): Promise<ItemHit[]> {
  const raw = search.raw.trim();
  const exactKey = /^\d+$/.test(raw)
    ? sql`${items.externalId} like ${`%-${raw}`}`
    : sql`upper(${items.externalId}) = upper(${raw})`;
  const textMatch = search.tsquery ? sql`${items.searchVector} @@ q.query` : sql`false`;
  const rank = search.tsquery
    ? sql`ts_rank(${items.searchVector}, q.query)
        + 2 * ts_rank(to_tsvector('simple', split_part(${items.description}, E'\n', 1)), q.query) desc,`
    : sql``;
  const result = await db.execute(sql`
    select ${hitColumns}
    from ${items} cross join (select ${search.tsquery ?? sql`''::tsquery`} as query) as q
    where ${items.teamId} = ${teamId} and (${exactKey} or ${textMatch})
    order by (${exactKey}) desc, ${rank} ${items.dateCreated} desc, ${items.id}
    limit ${limit}`);
  return rowsOf<HitRow>(result).map(hitOf);
}

/** The team's item with this key (any case), or undefined. */
export async function findTeamItemByKey(db: Db, teamId: string, key: string): Promise<ItemHit | undefined> {
  const result = await db.execute(sql`
    select ${hitColumns} from ${items}
    where ${items.teamId} = ${teamId} and upper(${items.externalId}) = upper(${key})
    limit 1`);
  const [row] = rowsOf<HitRow>(result);
  return row ? hitOf(row) : undefined;
}

/** The team's key prefix and the last item number it handed out. */
export async function teamItemNumbering(db: Db, teamId: string) {
  const result = await db.execute(
    sql`select ${teams.teamKey} as team_key, ${teams.lastItemNumber} as last from ${teams} where ${teams.id} = ${teamId}`,
  );
  const [row] = rowsOf<{ team_key: string; last: number }>(result);
  return row ? { teamKey: row.team_key, last: Number(row.last) } : undefined;
}

/** Another team of the user's that holds an item with this key, or undefined. */
export async function otherTeamWithItemKey(db: Db, input: { userId: string; teamId: string; key: string }) {
  const result = await db.execute(sql`
    select t.id, t.team_name from ${items} i
      join ${memberships} m on m.team_id = i.team_id and m.user_id = ${input.userId}
      join ${teams} t on t.id = i.team_id
    where i.team_id <> ${input.teamId} and upper(i.external_id) = upper(${input.key})
    order by t.created_at, t.id
    limit 1`);
  const [row] = rowsOf<{ id: string; team_name: string }>(result);
  return row ? { teamId: row.id, teamName: row.team_name } : undefined;
}
