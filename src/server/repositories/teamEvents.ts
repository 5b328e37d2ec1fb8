import { and, asc, eq, gt, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { teamEvents, type TeamEventRow } from '../db/schema';
import type { TeamEvent } from '../../shared/contract/events';

export const TEAM_EVENTS_CHANNEL = 'baton_team_events';

/** Team events to store with a write, in the write's own statement (`storeTeamEvents`). */
export interface TeamEventsToStore {
  teamId: string;
  changes: readonly TeamEvent[];
}

/**
 * Two common table expressions, `stored_events` and `notified_events`, that store the changes (a JSON
 * array of TeamEvent, `changesJson`) in order and notify every instance (`teamId:id`); inside a
 * transaction both wait for its commit. The statement must read `notified_events`, or PostgreSQL never
 * evaluates it. Either value may be a placeholder, for a statement compiled once.
 */
export function storeTeamEvents(teamId: string | Placeholder, changesJson: string | Placeholder): SQL {
  return sql`stored_events as (
      insert into ${teamEvents} (team_id, payload)
      select ${teamId}::text, change.payload
      from jsonb_array_elements(${changesJson}::jsonb) with ordinality as change(payload, position)
      order by change.position
      returning id, team_id
    ),
    notified_events as (
      select pg_notify(${TEAM_EVENTS_CHANNEL}, stored_events.team_id || ':' || stored_events.id) from stored_events
    )`;
}

/** Stores the changes in order and notifies every instance; inside a transaction both wait for its commit. */
export async function insertTeamEvents(db: Db, teamId: string, changes: readonly TeamEvent[]): Promise<void> {
  await db.execute(sql`with ${storeTeamEvents(teamId, JSON.stringify(changes))} select count(*) from notified_events`);
}

export async function listTeamEventsAfter(
  db: Db,
  teamId: string,
  afterId: number,
  limit: number,
): Promise<TeamEventRow[]> {
  return db
    .select()
    .from(teamEvents)
    .where(and(eq(teamEvents.teamId, teamId), gt(teamEvents.id, afterId)))
    .orderBy(asc(teamEvents.id))
    .limit(limit);
}

/** The newest event id of the team (0 when none) as a subquery, to read in the same statement as what it dates. */
export const latestTeamEventIdSql = (teamId: string) =>
  sql`(select coalesce(max(${teamEvents.id}), 0) from ${teamEvents} where ${teamEvents.teamId} = ${teamId})`;

/** The newest event id of the team (0 when none): where a fresh stream starts. */
export async function latestTeamEventId(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | null>`max(${teamEvents.id})` })
    .from(teamEvents)
    .where(eq(teamEvents.teamId, teamId));
  return Number(row?.id ?? 0);
}

/**
 * The oldest and newest ids kept, of any team (ids are shared, and old events go first): a stream
 * that resumes before the oldest may have missed some, one beyond the newest names no event here.
 */
export async function keptTeamEventIds(db: Db): Promise<{ oldest: number; newest: number } | null> {
  const [row] = await db
    .select({ oldest: sql<string | null>`min(${teamEvents.id})`, newest: sql<string | null>`max(${teamEvents.id})` })
    .from(teamEvents);
  return row?.oldest ? { oldest: Number(row.oldest), newest: Number(row.newest) } : null;
}

export async function deleteTeamEventsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(teamEvents).where(lt(teamEvents.createdAt, before));
}
