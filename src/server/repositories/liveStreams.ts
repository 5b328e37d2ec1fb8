import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { liveStreams } from '../db/schema';

/** The first key of the advisory lock that serialises one user's stream openings (any constant, the same everywhere). */
const OPENING_LOCK = 7_212_029;

/**
 * Records a stream unless the user already holds `cap` streams seen within `freshMs`, on any instance;
 * openings of one user take turns, so two instances cannot both take the last place. Rows of theirs
 * unseen for longer (an instance that stopped without closing them) are deleted on the way.
 */
export async function openLiveStream(
  db: Db,
  stream: { id: string; userId: string; sessionId: string },
  cap: number,
  freshMs: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${OPENING_LOCK}, hashtext(${stream.userId}))`);
    await tx
      .delete(liveStreams)
      .where(
        and(
          eq(liveStreams.userId, stream.userId),
          sql`${liveStreams.seenAt} < now() - make_interval(secs => ${freshMs / 1000}::double precision)`,
        ),
      );
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(liveStreams)
      .where(eq(liveStreams.userId, stream.userId));
    if ((held?.count ?? 0) >= cap) return false;
    await tx.insert(liveStreams).values({ ...stream, seenAt: sql`now()` });
    return true;
  });
}

export async function closeLiveStream(db: Db, id: string): Promise<void> {
  await db.delete(liveStreams).where(eq(liveStreams.id, id));
}

/** Marks the stream seen (its instance still holds it). */
export async function touchLiveStream(db: Db, id: string): Promise<void> {
  await db
    .update(liveStreams)
    .set({ seenAt: sql`now()` })
    .where(eq(liveStreams.id, id));
}
