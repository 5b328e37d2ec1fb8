import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { memberships, sessions, teamEvents } from '../db/schema';

/**
 * The newest event of the team from before the user joined it (0 when none): a stream of theirs never
 * resumes from before it. Events and memberships are both dated at their write.
 */
export async function lastEventBeforeJoining(db: Db, teamId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | null>`max(${teamEvents.id})` })
    .from(teamEvents)
    .innerJoin(memberships, and(eq(memberships.teamId, teamEvents.teamId), eq(memberships.userId, userId)))
    .where(and(eq(teamEvents.teamId, teamId), lt(teamEvents.createdAt, memberships.createdAt)));
  return Number(row?.id ?? 0);
}

/** Whether the session still exists and its user is still in the team. */
export async function streamStillAllowed(db: Db, sessionId: string, teamId: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.teamId, teamId)))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row !== undefined;
}
