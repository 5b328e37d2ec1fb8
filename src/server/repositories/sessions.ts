import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { preparedPerHandle } from '../db/preparedStatements';
import { memberships, sessions, users } from '../db/schema';

export async function insertSession(db: Db, session: { id: string; userId: string; now: Date }) {
  await db
    .insert(sessions)
    .values({ id: session.id, userId: session.userId, createdAt: session.now, lastSeenAt: session.now });
}

// Every authenticated request reads its session: built once.
const sessionById = preparedPerHandle((db) =>
  db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      emailAddress: users.emailAddress,
      activeTeamId: users.activeTeamId,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.teamId, users.activeTeamId)))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_by_id'),
);

/** The session with its user and the user's role in their active team (null when no longer a member). */
export async function findSession(db: Db, id: string) {
  const [row] = await sessionById(db).execute({ id });
  return row;
}

export async function touchSession(db: Db, id: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

/** Every instance hears on this channel of each session ended (its id), to end that session's live-event streams. */
export const SESSIONS_ENDED_CHANNEL = 'baton_sessions_ended';

/** Deletes the session and, once that commits, tells every instance. */
export async function deleteSession(db: Db, id: string) {
  await db.execute(
    sql`with ended as (delete from ${sessions} where ${sessions.id} = ${id} returning id)
      select pg_notify(${SESSIONS_ENDED_CHANNEL}, ended.id) from ended`,
  );
}
